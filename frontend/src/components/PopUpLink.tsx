// The opener of a pop-up form: a link to the form's own page (content/routes.ts,
// `popUp`), so that it works before the page's script does and without it; once the
// page is alive, a tap opens the pop-up instead. A tap made before then is held by the
// page's first lines and replayed (lib/earlyTaps.ts), or followed if the script never
// comes. On the form's own page the pop-up would show the form twice: the tap goes
// to the form already there.
import type { ComponentChildren } from 'preact';
import { popUpAddress, type PopUpForm } from '../content/routes';
import { localPath } from '../lib/lang';
import { useRouter } from '../lib/router';
import { preloadModal, useModals } from './ModalHost';

/** The attribute the page's first lines know a pop-up's link by (scripts/prerender.mjs, CATCHER). */
export const POP_UP_LINK = 'data-pop-up';

export function PopUpLink({ name, class: linkClass, testId, children }: { name: PopUpForm; class: string; testId?: string; children: ComponentChildren }) {
  const modals = useModals();
  const { path } = useRouter();
  const address = popUpAddress(name);
  return (
    <a
      href={localPath(address)}
      class={linkClass}
      aria-haspopup={path === address ? undefined : 'dialog'}
      data-testid={testId}
      {...{ [POP_UP_LINK]: name }}
      onPointerEnter={() => preloadModal(name)}
      onFocus={() => preloadModal(name)}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        if (path !== address) return modals.open(name);
        const form = document.querySelector<HTMLFormElement>('main form');
        form?.scrollIntoView({ block: 'start' });
        form?.querySelector<HTMLElement>('input:not([type=hidden]), textarea')?.focus({ preventScroll: true });
      }}
    >
      {children}
    </a>
  );
}
