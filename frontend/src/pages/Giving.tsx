// Giving: each fund with a button to the external giving page (new tab).
import { SetOrSoon } from '../components/SetOrSoon';
import { soon } from '../content/soon';
import { Art } from '../components/Art';
import { ExternalButton, Section } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { giving as copy } from '../content/giving';
import type { RouteMeta } from '../content/routes';
import { links } from '../lib/settings';
import { Words } from '../lib/words';
import { ServerPart } from '../components/ServerPart';
import { Parts } from '../lib/later';

export default function Giving({ meta }: { meta: RouteMeta }) {
  return (
    <Parts>
      <PageHeading title={meta.heading}>{copy.intro}</PageHeading>
      <Section>
        <ul class="grid gap-6 md:grid-cols-3">
          {copy.funds.map((fund, i) => (
            <li key={fund.id} class="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <Art kind={fund.art} alt={fund.title} ratio="aspect-video" class="rounded-none" first={i === 0} />
              <div class="flex flex-1 flex-col p-5">
                <h2 class="font-serif text-2xl font-semibold text-sky-900">{fund.title}</h2>
                <p class="mt-2 flex-1 text-slate-700"><Words text={fund.text} /></p>
                {fund.id === 'pakistan-building' && <ServerPart name="building-progress" />}
                <div class="mt-5">
                  <ExternalButton href={`${links.giving}?fund=${fund.id}`}>
                    <SetOrSoon setting="givingUrl" set={fund.button} soon={soon.giving} />
                  </ExternalButton>
                </div>
              </div>
            </li>
          ))}
        </ul>
        <p class="mt-8 text-slate-700">{copy.note}</p>
        <div class="mt-4">
          <ExternalButton href={links.oneTimeGift} look="outline">
            <SetOrSoon setting="oneTimeGiftUrl" set={copy.oneTime} soon={soon.oneTimeGift} />
          </ExternalButton>
        </div>
      </Section>
    </Parts>
  );
}
