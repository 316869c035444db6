// The prompt's state and key handling: editing, persisted history, and the completion menu (slash commands, @ files).
import { useCallback, useReducer, useRef } from 'react';
import type { Key } from 'ink';
import type { SlashCommand } from '../source/store/commands.js';
import { editPrompt, emptyEditor, type EditorState } from './promptEditor.js';
import { appendHistory, historyLimit, loadHistory } from './promptHistory.js';
import { completionText, menuItems, type MenuItem } from './slashMenu.js';
import { completeMention, matchFiles, mentionAt } from './fileMenu.js';

export interface PromptController {
  editor: EditorState;
  menu: { items: MenuItem[]; selected: number };
  /** Returns false when the key means nothing to the prompt, so global keys may use it. */
  handleKey(input: string, key: Key): boolean;
  setText(text: string): void;
}

export interface PromptControllerOptions {
  historyFile: string;
  commands: readonly SlashCommand[];
  /** The workspace's files for `@` completion; undefined while they are being listed. */
  files?: () => readonly string[] | undefined;
  onSubmit(text: string): void;
}

export function usePromptController({ historyFile, commands, files, onSubmit }: PromptControllerOptions): PromptController {
  // Refs hold the live state: several keys can arrive before React renders again.
  const editorRef = useRef<EditorState>(emptyEditor);
  const historyRef = useRef<string[] | undefined>(undefined);
  historyRef.current ??= loadHistory(historyFile);
  const menuRef = useRef({ selected: 0, dismissedFor: undefined as string | undefined });
  const [, render] = useReducer((n: number) => n + 1, 0);

  const itemsFor = useCallback(
    (editor: EditorState): MenuItem[] => {
      if (menuRef.current.dismissedFor === editor.text) return [];
      const slash = menuItems(editor.text, commands);
      if (slash.length > 0) return slash.map((command) => ({ kind: 'command', command }));
      const token = files ? mentionAt(editor.text, editor.cursor) : undefined;
      const listed = token ? files?.() : undefined;
      return token && listed ? matchFiles(listed, token.query).map((path) => ({ kind: 'file', path })) : [];
    },
    [commands, files],
  );

  const setEditor = useCallback((next: EditorState): void => {
    if (next.text !== editorRef.current.text) menuRef.current = { selected: 0, dismissedFor: undefined };
    editorRef.current = next;
    render();
  }, []);

  const submit = useCallback(
    (text: string): void => {
      setEditor(emptyEditor);
      if (text.trim() === '') return;
      const history = historyRef.current ?? [];
      if (history[history.length - 1] !== text) {
        appendHistory(historyFile, text, history);
        historyRef.current = [...history, text].slice(-historyLimit);
      }
      onSubmit(text);
    },
    [historyFile, onSubmit, setEditor],
  );

  const handleMenuKey = useCallback(
    (input: string, key: Key, items: MenuItem[]): boolean => {
      const menu = menuRef.current;
      const item = items[Math.min(menu.selected, items.length - 1)];
      if (key.upArrow || key.downArrow) {
        const step = key.upArrow ? -1 : 1;
        menuRef.current = { ...menu, selected: (menu.selected + step + items.length) % items.length };
        render();
        return true;
      }
      if (key.escape) {
        menuRef.current = { ...menu, dismissedFor: editorRef.current.text };
        render();
        return true;
      }
      if (item.kind === 'file') {
        // Tab or Enter puts the path in place of the @word; the message is sent by the next Enter.
        if ((key.tab && !key.shift) || (key.return && !key.meta)) {
          const editor = editorRef.current;
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
        const exact = editorRef.current.text === `/${selected.name}`;
        if (exact || !selected.argsHint) submit(`/${selected.name}`);
        else {
          const text = completionText(selected);
          setEditor({ text, cursor: text.length, draft: '' });
        }
        return true;
      }
      return false;
    },
    [setEditor, submit],
  );

  const handleKey = useCallback(
    (input: string, key: Key): boolean => {
      const items = itemsFor(editorRef.current);
      if (items.length > 0 && handleMenuKey(input, key, items)) return true;
      const result = editPrompt(editorRef.current, input, key, historyRef.current ?? []);
      if (!result.handled) return false;
      if (result.submit !== undefined) submit(result.submit);
      else if (result.state !== editorRef.current) setEditor(result.state);
      return true;
    },
    [handleMenuKey, itemsFor, setEditor, submit],
  );

  const setText = useCallback((text: string) => setEditor({ text, cursor: text.length, draft: '' }), [setEditor]);

  const editor = editorRef.current;
  const items = itemsFor(editor);
  const menu = { items, selected: Math.min(menuRef.current.selected, Math.max(0, items.length - 1)) };
  return { editor, menu, handleKey, setText };
}
