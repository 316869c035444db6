import { describe, expect, it } from 'vitest';
import { headlessDeniedMessage } from '../../source/permissions/decide.js';

describe('the headless denial names only the modes that would let the call run', () => {
  it('in auto-edit mode, a command needs yolo (auto-edit is already in force)', () => {
    const text = headlessDeniedMessage('bash', 'auto-edit', false);
    expect(text).toContain('headless in auto-edit mode');
    expect(text).toContain('rerun with --permission-mode yolo.');
    expect(text).not.toContain('--permission-mode auto-edit');
  });

  it('in ask mode, a file edit could run under auto-edit or yolo, a command only under yolo', () => {
    expect(headlessDeniedMessage('edit_file', 'ask', true)).toContain('--permission-mode auto-edit or yolo.');
    expect(headlessDeniedMessage('bash', 'ask', false)).toContain('rerun with --permission-mode yolo.');
  });
});
