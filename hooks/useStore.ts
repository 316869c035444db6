// Narrow store selectors for components: a component re-renders only when the slice it selects changes.
import { useStore as useZustandStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { AppState } from '../source/store/state.js';
import type { AppStore } from '../source/store/store.js';

export function useStore<T>(store: AppStore, selector: (state: AppState) => T): T {
  return useZustandStore(store, selector);
}

/** For selectors that build a new object or array each time: compares the result shallowly. */
export function useStoreShallow<T extends object>(store: AppStore, selector: (state: AppState) => T): T {
  return useZustandStore(store, useShallow(selector));
}
