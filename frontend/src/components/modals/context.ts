// How the components below the ModalHost open and close a modal (the modals' names
// are content/routes.ts's). Its own module, so a modal that opens another (What's New) does not
// import the host that loads it.
import { createContext, useContext } from 'react';
import type { ModalName } from '../../content/routes';

export type { ModalName };

/** Stays the same object while modals open and close: the parts of the page that open
 *  one (Home, the floating buttons, …) are not drawn again each time one does. */
export interface Modals {
  /** Opens a modal; `onClosed` runs when it closes (by any means). */
  open: (name: ModalName, onClosed?: () => void) => void;
  close: () => void;
}

export const ModalContext = createContext<Modals>({ open: () => {}, close: () => {} });

export function useModals(): Modals {
  return useContext(ModalContext);
}
