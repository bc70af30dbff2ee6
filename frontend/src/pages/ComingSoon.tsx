// Books, Podcast and Devotionals: 'Coming Soon' with a short blurb.
import { Art } from '../components/Art';
import { ButtonLink, Section } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { descriptionOf } from '../content/descriptions';
import type { RouteMeta } from '../content/routes';
import { comingSoon } from '../content/worship';
import { Parts } from '../lib/later';

export default function ComingSoon({ meta }: { meta: RouteMeta }) {
  const page = comingSoon[meta.path];
  return (
    <Parts>
      <PageHeading title={meta.heading}>
        <p class="font-semibold uppercase tracking-[0.2em] text-amber-300">Coming Soon</p>
      </PageHeading>
      <Section>
        <div class="grid items-center gap-8 md:grid-cols-2">
          <Art kind={page?.art ?? 'sunrise'} alt={`${meta.heading}, coming soon`} />
          <div>
            <p class="text-lg text-slate-700">{page?.blurb ?? descriptionOf(meta.path)}</p>
            <div class="mt-6">
              <ButtonLink to="/" look="outline">
                Back to home
              </ButtonLink>
            </div>
          </div>
        </div>
      </Section>
    </Parts>
  );
}
