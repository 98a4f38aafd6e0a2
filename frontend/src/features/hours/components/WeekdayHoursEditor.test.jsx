import { act, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import useForm from '../../../hooks/useForm';
import { byTestId, render } from '../../../test/render';
import { DEFAULT_SCHEDULES, hoursProps } from '../api/schedules';
import WeekdayHoursEditor from './WeekdayHoursEditor';

const type = (input, value) => act(() => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});

let seen;
function Harness({ errors }) {
  const [value, setValue] = useState(DEFAULT_SCHEDULES);
  seen = value;
  return <WeekdayHoursEditor value={value} onChange={setValue} errors={errors} testId="h" />;
}

function FormHarness() {
  const form = useForm({ schedules: DEFAULT_SCHEDULES });
  seen = form;
  return <WeekdayHoursEditor {...hoursProps(form)} testId="f" />;
}

describe('WeekdayHoursEditor', () => {
  let view;
  afterEach(() => view?.unmount());

  it('shows the seven days in Portuguese with both shifts and types through the mask', () => {
    view = render(<Harness />);
    const table = byTestId('h');
    expect(table.textContent).toContain('Segunda-feira');
    expect(table.textContent).toContain('Domingo');
    expect(table.textContent).toContain('Início (turno A)');
    expect(byTestId('h-monday-startTimeA').value).toBe('08:00');
    expect(byTestId('h-sunday-endTimeB').value).toBe('18:00');
    type(byTestId('h-tuesday-startTimeB'), '1430x');
    expect(byTestId('h-tuesday-startTimeB').value).toBe('14:30');
    expect(seen[1].startTimeB).toBe('14:30');
    expect(seen[0].startTimeB).toBe('13:00');
  });

  it('shows translated keys and server texts as field errors', () => {
    view = render(<Harness errors={{ 'monday.endTimeA': 'hours.validation.order', 'friday.startTimeB': 'Horário inválido (HH:mm)' }} />);
    expect(byTestId('h').textContent).toContain('O fim deve ser diferente do início');
    expect(byTestId('h').textContent).toContain('Horário inválido (HH:mm)');
    expect(byTestId('h-monday-endTimeA').getAttribute('aria-invalid')).toBe('true');
  });

  it("marks a night shift's end as the next day", () => {
    view = render(<Harness />);
    type(byTestId('h-friday-startTimeB'), '2200');
    type(byTestId('h-friday-endTimeB'), '0200');
    const cell = byTestId('h-friday-endTimeB').closest('td');
    expect(cell.textContent).toContain('do dia seguinte');
    expect(byTestId('h-friday-endTimeA').closest('td').textContent).not.toContain('do dia seguinte');
  });

  it('bound to a form, an edit clears that field error only', () => {
    view = render(<FormHarness />);
    act(() => seen.setErrors({ 'monday.startTimeA': 'x', 'monday.endTimeA': 'y' }));
    type(byTestId('f-monday-startTimeA'), '0900');
    expect(seen.values.schedules[0].startTimeA).toBe('09:00');
    expect(seen.errors['monday.startTimeA']).toBeUndefined();
    expect(seen.errors['monday.endTimeA']).toBe('y');
    expect(seen.dirty).toBe(true);
  });
});
