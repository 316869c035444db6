// The vanilla zustand store that holds AppState; the screen subscribes to it through narrow selectors.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppState } from './state.js';

export type AppStore = StoreApi<AppState>;

export function createAppStore(initial: AppState): AppStore {
  return createStore<AppState>()(() => initial);
}
