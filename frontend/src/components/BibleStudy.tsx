// The Bible-study page layout shared by /bible-study and /europe-bible-study: the
// schedule, the local clock, the live meeting or the countdown, and how to join.
import { Card, ExternalButton, Section } from './Blocks';
import { CountryNavigator } from './CountryNavigator';
import { PageHeading } from './PageHeading';
import { ServerPart } from './ServerPart';
import { studyShared as shared, type StudyCopy } from '../content/bibleStudy';
import { meetingEmbedUrl } from '../lib/embed';
import { useNow } from '../lib/clock';
import { YourTime, ZoneClock } from './GatheringTime';
import { describeCountdown, nextAfterSkip, skippedLine, useGathering, visitorLine } from '../lib/schedule';
import { Words } from '../lib/words';
import { calendarWords } from '../content/calendar';
import { slotted } from '../lib/lang';

export function BibleStudy({ heading, copy }: { heading: string; copy: StudyCopy }) {
  const now = useNow();
  const gathering = useGathering(copy.scheduleId);
  return (
    <>
      <PageHeading title={heading}>
        <p>
          <Words text={copy.intro} />
        </p>
        <p class="mt-3 font-semibold text-amber-300">
          <Words text={copy.schedule} />
          <YourTime id={copy.scheduleId} />
          <Words text={`{${copy.scheduleId}.note}`} class="mt-1 block font-normal text-amber-100 empty:hidden" />
        </p>
      </PageHeading>
      <div class="pt-10">
        <CountryNavigator />
      </div>
      <Section>
        <div class="grid items-start gap-6 lg:grid-cols-3">
          <div data-needs-script>
            <Card title={<Words text={copy.clockLabel} />} top>
              <ZoneClock zone={copy.zone} testId="zone-clock" />
            </Card>
          </div>
          <div class="lg:col-span-2" data-testid="study-status" aria-live="polite">
            {gathering?.live ? (
              <div class="rounded-2xl border-2 border-red-700 bg-white p-4">
                <p class="inline-flex items-center gap-2 font-semibold text-red-800">
                  <span aria-hidden="true" class="h-2.5 w-2.5 rounded-full bg-red-700" />
                  {shared.liveNow}
                </p>
                {gathering.meetingUrl && <p class="mt-1 text-slate-700">{shared.liveText}</p>}
                {gathering.meetingUrl ? (
                  <>
                    <div class="mt-4 aspect-video overflow-hidden rounded-xl bg-slate-950">
                      <iframe class="h-full w-full" src={meetingEmbedUrl(gathering.meetingUrl)} title={shared.frameTitle} allow="camera; microphone; fullscreen; display-capture" data-testid="meeting-frame" />
                    </div>
                    <div class="mt-4">
                      <ExternalButton href={gathering.meetingUrl} look="solid">
                        {shared.openMeeting}
                      </ExternalButton>
                    </div>
                  </>
                ) : (
                  <p class="mt-3 text-slate-700" data-testid="no-meeting">
                    {shared.noMeeting}
                  </p>
                )}
              </div>
            ) : (
              <div class="rounded-2xl border border-slate-200 bg-white p-6">
                {gathering && now && skippedLine(gathering, shared.noun, now) && (
                  <p class="mb-3 font-semibold text-slate-900" data-testid="skipped">
                    {`${skippedLine(gathering, shared.noun, now)} ${slotted(calendarWords.sentence, { text: nextAfterSkip(gathering) })}`}
                  </p>
                )}
                <div data-needs-script>
                  <p class="text-slate-700">{shared.countdownLead}</p>
                  <p class="mt-1 font-serif text-3xl font-semibold text-sky-900" data-testid="countdown">
                    {gathering && now ? describeCountdown(new Date(gathering.start).getTime() - now.getTime()) : '\u00a0'}
                  </p>
                </div>
                {gathering && <p class="mt-2 text-slate-700" data-testid="visitor-local">{visitorLine(gathering)}</p>}
                <div class="mt-5 rounded-xl bg-sky-50 p-4">
                  <h2 class="font-semibold text-sky-900">{shared.preview.heading}</h2>
                  <ul class="mt-2 list-disc ps-5 text-slate-700">
                    {shared.preview.points.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                </div>
              </div>
            )}
            {gathering && (
              <a href={gathering.calendar} class="mt-4 inline-flex min-h-11 items-center font-semibold text-sky-800 underline underline-offset-2">
                {shared.addToCalendar}
              </a>
            )}
          </div>
        </div>
        {copy.addedPart && <ServerPart name={copy.addedPart} />}
      </Section>
      <Section title={shared.howToJoin.heading} tone="white">
        <ol class="grid gap-3 text-lg text-slate-700">
          {shared.howToJoin.steps.map((s, i) => (
            <li key={s} class="flex gap-3">
              <span class="font-serif font-semibold text-amber-700">{`${i + 1}.`}</span>
              {s}
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}
