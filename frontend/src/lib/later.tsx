// The prerendered page comes alive in parts, each in a task of its own: hydrating a
// whole page in one go is one long task on a slow phone (the main thread cannot answer
// a tap meanwhile; Lighthouse's mobile model counts it as blocking time). A part
// wrapped in <Later> keeps its prerendered HTML, shown and readable, until its turn;
// Preact then hydrates it where it stands (a suspended hydration keeps its DOM).
// Outside the first hydration (a page reached through a link, a part drawn later),
// <Later> draws its children at once.
import { Suspense, useRef } from 'react';
import { options, type ComponentChildren } from 'preact';

let hydrating = false;
const turns: Promise<void>[] = [];
let queue: Promise<void> = Promise.resolve();

const task = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

/** Whether the prerendered page is still coming alive. A part that waits its turn
 *  must then draw what the server wrote, so shared state learned meanwhile (the
 *  schedule's answer) is taken in by an effect, never by a part's first drawing. */
export function stillHydrating(): boolean {
  return hydrating;
}

/** The next free task after the parts already waiting: one part per task, and the
 *  effects of the part before (see hydrateInParts) in the task between. */
function nextTurn(): Promise<void> {
  queue = queue.then(task).then(task);
  turns.push(queue);
  return queue;
}

/** Hydrates with `hydrate`, the parts in <Later> each in a later task; resolves once every
 *  part is alive (a task after the last one's turn, when Preact has drawn it). */
export function hydrateInParts(hydrate: () => void): Promise<void> {
  hydrating = true;
  performance.mark('thewell:hydrate');
  // Preact runs effects after the next frame, all the parts' together then: one long
  // task. While the parts come alive, each part's effects run in a task of their own.
  const afterPaint = options.requestAnimationFrame;
  options.requestAnimationFrame = (effects) => window.setTimeout(effects, 0);
  hydrate();
  // User timings: a profile (or Lighthouse's) shows what each part cost.
  performance.mark('thewell:shell-alive');
  // A part's own parts (a page's sections) take their turns after it, while it hydrates.
  const all = (): Promise<void> => {
    const count = turns.length;
    return Promise.all(turns).then(() => (turns.length > count ? all() : new Promise<void>((resolve) => window.setTimeout(resolve, 0))));
  };
  return all().finally(() => {
    hydrating = false;
    options.requestAnimationFrame = afterPaint;
  });
}

function Gate({ children }: { children: ComponentChildren }) {
  const turn = useRef<{ done: boolean; promise: Promise<void>; marked?: boolean } | null>(null);
  if (hydrating && !turn.current) {
    const state: { done: boolean; promise: Promise<void>; marked?: boolean } = { done: false, promise: nextTurn() };
    state.promise.then(() => (state.done = true));
    turn.current = state;
  }
  // Thrown to the <Suspense> above: Preact keeps this part's HTML until the promise settles.
  if (turn.current && !turn.current.done) throw turn.current.promise;
  if (turn.current && !turn.current.marked) {
    turn.current.marked = true;
    queueMicrotask(() => performance.mark('thewell:part-alive'));
  }
  return <>{children}</>;
}

/** A page's sections, each hydrated in a task of its own (a long page is otherwise one
 *  long task). Each child draws exactly one element, or nothing. */
export function Parts({ children }: { children: ComponentChildren }) {
  const each = Array.isArray(children) ? children : [children];
  return <>{each.map((child, i) => (child == null || typeof child === 'boolean' || Array.isArray(child) ? child : <Later key={i}>{child}</Later>))}</>;
}

/** A part of the page hydrated in a task of its own. Its children must draw exactly one
 *  element (a suspended hydration keeps one DOM node in place). */
export function Later({ children }: { children: ComponentChildren }) {
  if (import.meta.env.SSR) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
