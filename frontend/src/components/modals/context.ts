// Which modal is open, as the components below the ModalHost see it, and the names
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

export interface Modals {
  current: ModalName | null;
  /** Opens a modal; `onClosed` runs when it closes (by any means). */
  open: (name: ModalName, onClosed?: () => void) => void;
  close: () => void;
}

export const ModalContext = createContext<Modals>({ current: null, open: () => {}, close: () => {} });

export function useModals(): Modals {
  return useContext(ModalContext);
}
