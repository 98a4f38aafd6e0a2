/** The to-do list kept in this browser's storage under 'tasks' (spec/3 §3): [{text, createdAt, updatedAt}]. */
export const TASKS_KEY = 'tasks';

/** The list with a new task on top; blank text changes nothing. */
export function addTask(tasks, text, now = new Date()) {
  const value = text.trim();
  if (!value) return tasks;
  const at = now.toISOString();
  return [{ text: value, createdAt: at, updatedAt: at }, ...tasks];
}

/** The list with task index's text changed (and its updatedAt); blank text changes nothing. */
export function editTask(tasks, index, text, now = new Date()) {
  const value = text.trim();
  if (!value || !tasks[index]) return tasks;
  return tasks.map((task, i) => (i === index ? { ...task, text: value, updatedAt: now.toISOString() } : task));
}

export const removeTask = (tasks, index) => tasks.filter((_, i) => i !== index);

/** Whatever the storage holds, as a list of tasks (a damaged value reads as none). */
export const asTasks = (value) => (Array.isArray(value)
  ? value.filter((task) => task && typeof task.text === 'string')
  : []);
