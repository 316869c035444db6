// The prompt's state outside React: editing, persisted history, the completion menu, the Ctrl+R search, large pastes
// kept aside and Ctrl+G's editor, with subscribers. A key changes it here and only the prompt's components re-render.
import type { Key } from 'ink';
import type { SlashCommand } from '../source/commands/slashCommand.js';
import { cleanInput, editPrompt, emptyEditor, type EditorState } from './promptEditor.js';
import { appendHistory, historyLimit, loadHistory } from './promptHistory.js';
import { completionText, menuItems, type MenuItem } from './slashMenu.js';
import { completeMention, matchFiles, mentionAt } from './fileMenu.js';
import { collapsePaste, expandPastes, isLargePaste, noPastes, placeholderEndingAt, type PastedTexts } from './pastedText.js';
import { searchEditor, searchKey, searchLine, startSearch, type HistorySearch } from './historySearch.js';
import { editInEditor } from './externalEditor.js';
import type { TerminalHandover } from './terminalHandover.js';

export interface PromptSources {
  commands: readonly SlashCommand[];
  /** The workspace's files for `@` completion; undefined while they are being listed. */
  files?: () => readonly string[] | undefined;
  onSubmit: (text: string) => void;
  /** Lets Ctrl+G give the terminal to the user's editor; without it Ctrl+G says it cannot. */
  handover?: TerminalHandover;
}

export interface PromptView {
  /** What the prompt shows: during a Ctrl+R search, the match. */
  editor: EditorState;
  menu: { items: MenuItem[]; selected: number };
  /** A line for the prompt's rule: the Ctrl+R search, or a notice (the editor failed) until the next key. */
  note?: string;
}

export interface PromptController {
  /** The state to draw; the same object until something changes. */
  view: () => PromptView;
  /** The text as of now (several keys can arrive before anything renders again). */
  text: () => string;
  /** Returns false when the key means nothing to the prompt, so global keys may use it. `pasted` marks a whole paste. */
  handleKey: (input: string, key: Key, pasted?: boolean) => boolean;
  /** A Ctrl+R search is open: every key (Esc too) is the prompt's. */
  searching: () => boolean;
  setText: (text: string) => void;
  /** Called on every change of the text, the cursor or the menu. */
  subscribe: (listener: () => void) => () => void;
  /** The commands and files the menu offers, and where a sent message goes; the app passes them on each render. */
  setSources: (sources: PromptSources) => void;
}

interface MenuState {
  selected: number;
  /** The text for which Esc closed the menu. */
  dismissedFor?: string;
}

export function createPromptController(historyFile: string, initial: PromptSources): PromptController {
  let sources = initial;
  let editor: EditorState = emptyEditor;
  let menu: MenuState = { selected: 0 };
  let history: string[] = loadHistory(historyFile);
  let view: PromptView | undefined;
  let pastes: PastedTexts = noPastes;
  let search: HistorySearch | undefined;
  let notice: string | undefined;
  let editing = false;
  // Fuzzy matching a big tree costs milliseconds: one key's matches are reused until the query or the listing changes.
  let lastFiles: { listed: readonly string[]; query: string; paths: string[] } | undefined;
  const listeners = new Set<() => void>();

  const changed = (): void => {
    view = undefined;
    for (const listener of [...listeners]) listener();
  };

  const itemsFor = (state: EditorState): MenuItem[] => {
    if (menu.dismissedFor === state.text) return [];
    const slash = menuItems(state.text, sources.commands);
    if (slash.length > 0) return slash.map((command) => ({ kind: 'command', command }));
    const token = sources.files ? mentionAt(state.text, state.cursor) : undefined;
    const listed = token ? sources.files?.() : undefined;
    if (!token || !listed) return [];
    if (lastFiles?.listed !== listed || lastFiles.query !== token.query) lastFiles = { listed, query: token.query, paths: matchFiles(listed, token.query) };
    return lastFiles.paths.map((path) => ({ kind: 'file', path }));
  };

  const setEditor = (next: EditorState): void => {
    if (next.text !== editor.text) menu = { selected: 0 };
    editor = next;
    changed();
  };

  const submit = (typed: string): void => {
    // The model gets the pasted texts in full, and so does the history.
    const text = expandPastes(typed, pastes);
    pastes = { next: pastes.next, texts: new Map() };
    setEditor(emptyEditor);
    if (text.trim() === '') return;
    if (history[history.length - 1] !== text) {
      appendHistory(historyFile, text, history);
      history = [...history, text].slice(-historyLimit);
    }
    sources.onSubmit(text);
  };

  const openEditor = (): void => {
    const handover = sources.handover;
    if (!handover) {
      notice = 'Ctrl+G opens your editor only when rein runs full screen in a terminal.';
      return changed();
    }
    editing = true;
    void editInEditor(expandPastes(editor.text, pastes), handover).then((outcome) => {
      editing = false;
      if (outcome.kind === 'failed') {
        notice = outcome.message;
        return changed();
      }
      pastes = { next: pastes.next, texts: new Map() };
      setEditor({ text: outcome.text, cursor: outcome.text.length, draft: '' });
    });
  };

  /** Ctrl+R's keys; true when the search took the key, false when it ended and the key acts on the prompt too. */
  const handleSearchKey = (active: HistorySearch, input: string, key: Key): boolean => {
    const step = searchKey(active, input, key, history);
    if (step.kind === 'search') {
      search = step.search;
      changed();
      return true;
    }
    search = undefined;
    setEditor(step.editor);
    return step.replay !== true;
  };

  const handleMenuKey = (key: Key, items: MenuItem[]): boolean => {
    const item = items[Math.min(menu.selected, items.length - 1)];
    if (key.upArrow || key.downArrow) {
      const step = key.upArrow ? -1 : 1;
      menu = { ...menu, selected: (menu.selected + step + items.length) % items.length };
      changed();
      return true;
    }
    if (key.escape) {
      menu = { ...menu, dismissedFor: editor.text };
      changed();
      return true;
    }
    if (item.kind === 'file') {
      // Tab or Enter puts the path in place of the @word; the message is sent by the next Enter.
      if ((key.tab && !key.shift) || (key.return && !key.meta)) {
        const token = mentionAt(editor.text, editor.cursor);
        if (token) setEditor({ ...completeMention(editor.text, token, editor.cursor, item.path), draft: '' });
        return true;
      }
      return false;
    }
    const selected = item.command;
    if (key.tab && !key.shift) {
      const text = completionText(selected);
      setEditor({ text, cursor: text.length, draft: '' });
      return true;
    }
    if (key.return && !key.meta) {
      // A command typed in full runs as typed, whichever completion is highlighted (/mode is not /model).
      const typed = items.find((i) => i.kind === 'command' && editor.text === `/${i.command.name}`);
      if (typed) submit(editor.text);
      else if (!selected.argsHint) submit(`/${selected.name}`);
      else {
        const text = completionText(selected);
        setEditor({ text, cursor: text.length, draft: '' });
      }
      return true;
    }
    return false;
  };

  return {
    view() {
      if (view) return view;
      if (search) return (view = { editor: searchEditor(search, history), menu: { items: [], selected: 0 }, note: searchLine(search) });
      const items = itemsFor(editor);
      view = { editor, menu: { items, selected: Math.min(menu.selected, Math.max(0, items.length - 1)) }, ...(notice === undefined ? {} : { note: notice }) };
      return view;
    },
    text: () => editor.text,
    searching: () => search !== undefined,
    handleKey(input, key, pasted = false) {
      if (editing) return true;
      if (notice !== undefined) {
        notice = undefined;
        view = undefined;
      }
      if (search && handleSearchKey(search, input, key)) return true;
      if (key.ctrl && !key.meta && input === 'r') {
        search = startSearch(editor);
        changed();
        return true;
      }
      if (key.ctrl && !key.meta && input === 'g') {
        openEditor();
        return true;
      }
      if (pasted && isLargePaste(input)) {
        const collapsed = collapsePaste(pastes, cleanInput(input));
        pastes = collapsed.pastes;
        input = collapsed.insert;
      }
      // Backspace right after a placeholder takes the whole paste away, not one character of its name.
      const placeholderStart = (key.backspace || key.delete) && !key.meta ? placeholderEndingAt(editor.text, editor.cursor, pastes) : undefined;
      if (placeholderStart !== undefined) {
        setEditor({ text: editor.text.slice(0, placeholderStart) + editor.text.slice(editor.cursor), cursor: placeholderStart, draft: editor.draft });
        return true;
      }
      const items = itemsFor(editor);
      if (items.length > 0 && handleMenuKey(key, items)) return true;
      const result = editPrompt(editor, input, key, history);
      if (!result.handled) return false;
      if (result.submit !== undefined) submit(result.submit);
      else if (result.state !== editor) setEditor(result.state);
      return true;
    },
    setText(text) {
      search = undefined;
      setEditor({ text, cursor: text.length, draft: '' });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setSources(next) {
      // A new command list or a finished file listing changes what the menu offers.
      if (next.commands !== sources.commands || next.files !== sources.files || next.handover !== sources.handover) view = undefined;
      sources = next;
    },
  };
}
