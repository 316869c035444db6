// Narrow store selectors for components: a component re-renders only when the slice it selects changes.
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { useStore as useZustandStore } from 'zustand';
import type { AppState } from '../source/store/state.js';
import type { AppStore } from '../source/store/store.js';

export function useStore<T>(store: AppStore, selector: (state: AppState) => T): T {
  return useZustandStore(store, selector);
}

/** Like useStore, but keeps the previous value (and skips the re-render) while `equal` says nothing visible changed. */
export function useStoreWithEquality<T>(store: AppStore, selector: (state: AppState) => T, equal: (a: T, b: T) => boolean): T {
  const last = useRef<{ value: T } | undefined>(undefined);
  const getSnapshot = useCallback(() => {
    const next = selector(store.getState());
    const prev = last.current;
    if (prev && (prev.value === next || equal(prev.value, next))) return prev.value;
    last.current = { value: next };
    return next;
  }, [store, selector, equal]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
