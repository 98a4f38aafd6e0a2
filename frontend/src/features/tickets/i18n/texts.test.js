import { describe, expect, it } from 'vitest';
import i18n, { mergeTexts } from '../../../i18n';

describe('inbox texts', () => {
  it('merges feature texts into the app texts without losing siblings', () => {
    const merged = mergeTexts({ layout: { menu: { users: 'U' } }, a: 1 }, { layout: { menu: { tickets: 'T' } } });
    expect(merged).toEqual({ layout: { menu: { users: 'U', tickets: 'T' } }, a: 1 });
  });

  it('uses the spec wording in Portuguese', () => {
    const t = i18n.getFixedT('pt');
    expect(t('layout.menu.tickets')).toBe('Atendimentos');
    expect(t('layout.menu.users')).toBe('Usuários');
    expect(t('messages.empty')).toBe('Diga olá para seu novo contato!');
    expect(t('messages.deletedOwn')).toBe('Essa mensagem foi apagada');
    expect(t('messages.deletedByContact')).toBe('Essa mensagem foi apagada pelo contato');
    expect(t('tickets.item.noQueue')).toBe('Sem fila');
    expect(t('tickets.tabs.open')).toBe('Atendendo');
    expect(t('tickets.tabs.pending')).toBe('Aguardando');
    expect(t('tickets.mobile.ticket')).toBe('Ticket');
    expect(t('tickets.mobile.list')).toBe('Atendimentos');
    expect(t('tickets.newTicket.queueRequired')).toBe('Selecione uma fila');
    expect(t('contacts.validation.tagTooShort')).toBe('Tag muito curta!');
    expect(t('tickets.notes.required')).toBe('Required');
    expect(t('tickets.notes.tooShort')).toBe('Too Short!');
    expect(t('tickets.notes.added')).toBe('Observação adicionada com sucesso!');
    expect(t('tickets.notes.deleted')).toBe('Observação excluída com sucesso!');
    expect(t('tickets.drawer.blocked')).toBe('Contato bloqueado');
    expect(t('tickets.drawer.unblocked')).toBe('Contato desbloqueado');
    expect(t('tickets.requiredTag')).toBe('Adicione uma tag ao contato antes de encerrar o ticket.');
    expect(t('backendErrors.ERR_REQUIRED_TAG')).toBe('Adicione uma tag ao contato antes de encerrar o ticket.');
    expect(i18n.getFixedT('es')('tickets.requiredTag')).toBe('Opps! Debes asignar una tag antes de cerrar el ticket.');
  });
});
