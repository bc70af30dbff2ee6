// The latest sermon (from the volunteer's content files): an autoplaying privacy-mode
// player, the description or the structured notes, and an expand/minimize toggle
// (250 px / 40vh video; 90vh / 95vh window).
import { useState } from 'react';
import { sermon as copy, whatsNew } from '../../content/modals';
import { content } from '../../lib/content';
import { isSet, settings } from '../../lib/settings';
import { ContentBlocks } from '../ContentBlocks';
import { Poster } from '../VideoSpot';
import { videoEmbedUrl } from '../../lib/embed';
import { Modal } from '../Modal';
import type { ModalProps } from './ModalProps';
import { frame } from '../../content/frame';
import { slotted } from '../../lib/lang';
import { InOrder } from '../../lib/figures';
import { englishIn } from '../../lib/words';

export default function SermonModal({ onClose }: ModalProps) {
  const [expanded, setExpanded] = useState(false);
  const [notes, setNotes] = useState(false);
  const sermon = content.sermon;
  if (!sermon) {
    return (
      <Modal title={whatsNew.sermon.tag} onClose={onClose} testId="sermon-modal">
        <p class="text-slate-700">{copy.none}</p>
      </Modal>
    );
  }
  // The file's video and speaker; the older site settings stand in while a file has none.
  const video = sermon.video || (isSet('sermonVideo') ? settings.sermonVideo : '');
  // With no one named yet, the line still says whose message it is.
  const speaker = sermon.speaker || (isSet('sermonSpeaker') ? settings.sermonSpeaker : copy.noSpeaker);
  const byline = [sermon.passage, speaker].filter(Boolean).join(' · ');
  const toggle = (
    <button
      type="button"
      class="inline-flex h-11 items-center rounded-full px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
      aria-pressed={expanded}
      onClick={() => setExpanded(!expanded)}
    >
      {expanded ? copy.minimize : copy.expand}
    </button>
  );
  return (
    <Modal title={sermon.title} subtitle={byline && <InOrder text={byline} />} onClose={onClose} expanded={expanded} wide testId="sermon-modal">
      {/* Over the video rather than in the heading, which keeps its width for the title on a phone. */}
      <div class="-mt-2 mb-2 flex justify-end">{toggle}</div>
      <div class={`overflow-hidden rounded-xl bg-slate-950 ${expanded ? 'h-[40vh]' : 'h-[250px]'}`} data-testid="sermon-video">
        {video ? (
          <iframe
            class="h-full w-full"
            src={videoEmbedUrl(video)}
            title={slotted(frame.sermonVideo, { title: sermon.title })}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
          />
        ) : (
          // No player that cannot play: until the video is set, say so over a still.
          <div class="relative h-full w-full">
            <Poster kind="bible" alt={copy.posterAlt} layout="wideDialog" first>
              <p class="font-semibold" data-testid="sermon-video-soon">
                {copy.videoSoon}
              </p>
            </Poster>
          </div>
        )}
      </div>
      {notes ? (
        <section class="mt-5" aria-label={frame.sermonNotes}>
          <ol class="grid gap-4">
            {sermon.notes.map((note) => (
              // The volunteer's notes as written: English on a page in another language is marked so.
              <li key={note.heading} lang={englishIn(sermon, 'notes')} dir={englishIn(sermon, 'notes') && 'ltr'}>
                <h3 class="font-semibold text-sky-900">{note.heading}</h3>
                <p class="mt-1 text-slate-700">{note.text}</p>
                <p class="mt-1 text-sm italic text-slate-600 [&:lang(ur)]:not-italic">
                  <InOrder text={note.scripture} />
                </p>
              </li>
            ))}
          </ol>
          {sermon.reflection && (
            <p class="mt-4 rounded-lg bg-amber-50 p-3 text-slate-800" lang={englishIn(sermon, 'reflection')} dir={englishIn(sermon, 'reflection') && 'ltr'}>
              {sermon.reflection}
            </p>
          )}
          <button type="button" class="mt-4 inline-flex min-h-11 items-center font-semibold text-sky-800 underline underline-offset-2" onClick={() => setNotes(false)}>
            {copy.backToDescription}
          </button>
        </section>
      ) : (
        <section class="mt-5">
          <ContentBlocks blocks={sermon.description} lang={englishIn(sermon, 'description')} />
          {sermon.notes.length > 0 && (
          <button type="button" class="mt-4 inline-flex min-h-11 items-center rounded-full bg-sky-900 px-5 font-semibold text-white hover:bg-sky-800" onClick={() => setNotes(true)}>
            {copy.viewNotes}
          </button>
          )}
        </section>
      )}
    </Modal>
  );
}
