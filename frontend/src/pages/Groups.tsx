// Groups: the kinds of groups and the church app where people join them.
import { SetOrSoon } from '../components/SetOrSoon';
import { soon } from '../content/soon';
import { CardGrid, ExternalButton, Section } from '../components/Blocks';
import { PageHeading } from '../components/PageHeading';
import { groups as copy } from '../content/ministry';
import type { RouteMeta } from '../content/routes';
import { links } from '../lib/settings';
import { Parts } from '../lib/later';

export default function Groups({ meta }: { meta: RouteMeta }) {
  return (
    <Parts>
      <PageHeading title={meta.heading}>{copy.intro}</PageHeading>
      <Section>
        <CardGrid items={copy.types} top />
      </Section>
      <Section title={copy.app.heading} intro={copy.app.text} tone="tint">
        <ExternalButton href={links.churchApp} look="solid">
          <SetOrSoon setting="churchAppUrl" set={copy.app.label} soon={soon.churchApp} />
        </ExternalButton>
      </Section>
    </Parts>
  );
}
