// Which modal is open, site-wide: any button can open one by name; its code is
// fetched when first opened. One modal at a time; opening another replaces it.
import { useCallback, useMemo, useRef, useState } from 'react';
import { toast } from '../lib/toast';
import type { ComponentChildren, FunctionComponent } from 'preact';
import { ModalContext, useModals, type ModalName } from './modals/context';
import type { ModalProps } from './modals/ModalProps';
import { frame } from '../content/frame';

const loaders = {
  'global-ministry': () => import('./modals/GlobalMinistryModal'),
  'whats-new': () => import('./modals/WhatsNewModal'),
  'prayer-request': () => import('./modals/PrayerRequestModal'),
  sermon: () => import('./modals/SermonModal'),
  'north-campus': () => import('./modals/NorthCampusModal'),
  'connect-card': () => import('./modals/ConnectCardModal'),
  serve: () => import('./modals/ServeModal'),
  'join-service': () => import('./modals/JoinServiceModal'),
  launch: () => import('./modals/LaunchModal'),
  welcome: () => import('./modals/WelcomeModal'),
} satisfies Record<ModalName, () => Promise<{ default: FunctionComponent<ModalProps> }>>;

export type { ModalName };

/** Every modal's code, by name (prerendering lists the photo slots they show). */
export const modalLoaders = loaders;

export { useModals };

const loaded = new Map<ModalName, FunctionComponent<ModalProps>>();

/** A modal's component, its code fetched once. */
function load(name: ModalName): Promise<FunctionComponent<ModalProps>> {
  const ready = loaded.get(name);
  if (ready) return Promise.resolve(ready);
  return loaders[name]().then((module) => {
    loaded.set(name, module.default);
    return module.default;
  });
}

/** Starts fetching a modal's code early (on hover or focus of its button). */
export function preloadModal(name: ModalName): void {
  load(name).catch(() => {});
}

export function ModalHost({ children }: { children: ComponentChildren }) {
  const [state, setState] = useState<{ name: ModalName; component: FunctionComponent<ModalProps>; onClosed?: () => void } | null>(null);

  const open = useCallback((name: ModalName, onClosed?: () => void) => {
    load(name).then(
      (component) => setState({ name, component, onClosed }),
      () => toast({ ...frame.popUpFailed, variant: 'destructive' }),
    );
  }, []);

  const latest = useRef(state);
  latest.current = state;
  const close = useCallback(() => {
    const closing = latest.current;
    setState(null);
    // After the state change, so that onClosed may open the next modal.
    closing?.onClosed?.();
  }, []);

  const value = useMemo(() => ({ open, close }), [open, close]);
  const Current = state?.component;
  return (
    <ModalContext.Provider value={value}>
      {children}
      {Current && <Current key={state!.name} onClose={close} />}
    </ModalContext.Provider>
  );
}
