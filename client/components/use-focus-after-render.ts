import { type RefObject, useEffect, useRef } from 'react';

/**
 * Moves the focus to an element once React has drawn it. Asked for with the state change that
 * shows it: after an await, React commits that change in a later task, so focusing in the next
 * animation frame could find the element not there yet (and the focus would stay behind).
 */
export function useFocusAfterRender(): (target: RefObject<HTMLElement | null>) => void {
  const pending = useRef<RefObject<HTMLElement | null> | null>(null);
  useEffect(() => {
    const element = pending.current?.current;
    if (!element) return;
    pending.current = null;
    element.focus();
  });
  return (target) => {
    pending.current = target;
  };
}
