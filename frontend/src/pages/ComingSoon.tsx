// Books, Podcast and Devotionals: 'Coming Soon' with a short blurb.
import { Art } from '../components/Art';
import { ButtonLink, Section } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { descriptionOf } from '../content/descriptions';
import type { RouteMeta } from '../content/routes';
import { comingSoon } from '../content/worship';
import { Parts } from '../lib/later';
import { frame } from '../content/frame';
import { slotted } from '../lib/lang';
import { slotOfPattern } from '../lib/photos';

export default function ComingSoon({ meta }: { meta: RouteMeta }) {
  const page = comingSoon[meta.path];
  return (
    <Parts>
      <PageHeading title={meta.heading}>
        <p class="font-semibold uppercase tracking-[0.2em] text-amber-300">{frame.comingSoon}</p>
      </PageHeading>
      <Section>
        <div class="grid items-center gap-8 md:grid-cols-2">
          <Art kind={page?.art ?? 'sunrise'} alt={slotted(frame.comingSoonCard, { name: meta.heading })} photo={slotOfPattern(frame.comingSoonCard, { name: meta.heading })} layout="half" first />
          <div>
            <p class="text-lg text-slate-700">{page?.blurb ?? descriptionOf(meta.path)}</p>
            <div class="mt-6">
              <ButtonLink to="/" look="outline">
                {frame.backToHome}
              </ButtonLink>
            </div>
          </div>
        </div>
      </Section>
    </Parts>
  );
}
