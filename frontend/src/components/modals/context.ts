// How the components below the ModalHost open and close a modal, and the names
// of the modals. Its own module, so a modal that opens another (What's New) does not
// import the host that loads it.
import { createContext, useContext } from 'react';

/** Every modal, by the name a button opens it with (ModalHost has a loader for each). */
export type ModalName =
  | 'global-ministry'
  | 'whats-new'
  | 'prayer-request'
  | 'sermon'
  | 'north-campus'
  | 'connect-card'
  | 'serve'
  | 'join-service'
  | 'launch'
  | 'welcome';

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
