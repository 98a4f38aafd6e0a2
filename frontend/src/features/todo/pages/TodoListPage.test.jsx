import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import { TASKS_KEY } from '../utils/tasks';
import TodoListPage from './TodoListPage';

const type = (input, value) => act(() => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});
const texts = () => allByTestId('todo-text').map((el) => el.textContent);
const stored = () => JSON.parse(localStorage.getItem(TASKS_KEY));

describe('TodoListPage', () => {
  let view;
  beforeEach(() => localStorage.clear());
  afterEach(() => view?.unmount());

  it('adds tasks to browser storage, ignoring blank text', async () => {
    view = render(<TodoListPage />);
    expect(byTestId('todo-empty')).not.toBeNull();
    type(byTestId('todo-input'), '   ');
    await click(byTestId('todo-submit'));
    expect(localStorage.getItem(TASKS_KEY)).toBeNull();
    type(byTestId('todo-input'), 'Ligar para o cliente');
    expect(byTestId('todo-submit').textContent).toBe('Adicionar');
    await click(byTestId('todo-submit'));
    type(byTestId('todo-input'), 'Revisar fila');
    await click(byTestId('todo-submit'));
    expect(texts()).toEqual(['Revisar fila', 'Ligar para o cliente']);
    const [task] = stored();
    expect(task.text).toBe('Revisar fila');
    expect(task.createdAt).toBe(task.updatedAt);
    expect(byTestId('todo-input').value).toBe('');
  });

  it('loads a selected task into the field, saves it as Salvar, and deletes', async () => {
    localStorage.setItem(TASKS_KEY, JSON.stringify([
      { text: 'A', createdAt: '2024-01-01T10:00:00.000Z', updatedAt: '2024-01-01T10:00:00.000Z' },
      { text: 'B', createdAt: '2024-01-01T09:00:00.000Z', updatedAt: '2024-01-01T09:00:00.000Z' },
    ]));
    view = render(<TodoListPage />);
    expect(texts()).toEqual(['A', 'B']);
    await click(allByTestId('todo-edit')[1]);
    expect(byTestId('todo-input').value).toBe('B');
    expect(byTestId('todo-submit').textContent).toBe('Salvar');
    type(byTestId('todo-input'), 'B revisada');
    await click(byTestId('todo-submit'));
    expect(texts()).toEqual(['A', 'B revisada']);
    const edited = stored()[1];
    expect(edited.createdAt).toBe('2024-01-01T09:00:00.000Z');
    expect(edited.updatedAt).not.toBe(edited.createdAt);
    expect(byTestId('todo-submit').textContent).toBe('Adicionar');
    await click(allByTestId('todo-delete')[0]);
    expect(texts()).toEqual(['B revisada']);
    expect(stored()).toHaveLength(1);
  });

  it('reads a damaged storage value as no tasks', () => {
    localStorage.setItem(TASKS_KEY, '{"not":"a list"}');
    view = render(<TodoListPage />);
    expect(byTestId('todo-empty')).not.toBeNull();
  });
});
