// The home page's first-visit pop-up, drawn into the page's HTML as a stand-in, so a
// first visit sees it with the page's first paint rather than after the page's code:
// prerendering writes each first-visit pop-up as a closed <dialog> (entry-server.tsx,
// firstVisitStandIns), the page's loader opens the one due (scripts/prerender.mjs,
// LOADER), and the page's own pop-up takes its place once the page is alive
// (components/Modal.tsx). Until then it works without the page's code: the loader
// closes it from its close button, Escape or the backdrop, and sets its flag; its
// links are links; the tap catcher leaves its buttons alone.
import { createContext, useContext } from 'react';

/** The attribute naming a stand-in's pop-up (its value: the pop-up's name). */
export const STAND_IN = 'data-stand-in';
/** The attribute of a stand-in's close button. */
export const STAND_IN_CLOSE = 'data-stand-in-close';
/** Set on a stand-in as the page's own pop-up takes its place: closing it then is not the visitor's. */
export const TAKEN_OVER = 'data-taken-over';

const StandInContext = createContext<string | null>(null);

/** Around a pop-up drawn as a stand-in; its value is the pop-up's name. */
export const StandIn = StandInContext.Provider;

/** The pop-up's name when it is drawn as a stand-in (controls that need the page's code
 *  are then left out or plain HTML), otherwise null. */
export function useStandIn(): string | null {
  return useContext(StandInContext);
}

/** Removes every stand-in, as a pop-up of the page's own is shown in its place. */
export function takeOverStandIns(): void {
  for (const standIn of document.querySelectorAll<HTMLDialogElement>(`dialog[${STAND_IN}]`)) {
    standIn.setAttribute(TAKEN_OVER, '');
    if (standIn.open) standIn.close();
    standIn.remove();
  }
}
