/**
 * Messages of password links (forgot password, set-password, links an administrator hands out)
 * and of the mails that carry them, in every language. `{name}` marks a parameter.
 */
import type { CatalogueEntry } from './catalogue-entry.ts';

export const ACCOUNT_MESSAGES = {
  'auth.forgot-password-sent': {
    en: 'If the address belongs to an account, a link to set a new password is on its way.',
    pt: 'Se o endereço pertencer a uma conta, uma ligação para definir uma nova palavra-passe está a caminho.',
  },
  'auth.link-used': {
    en: 'This link was already used. Ask for a new one with Forgot password.',
    pt: 'Esta ligação já foi usada. Peça uma nova em Esqueceu-se da palavra-passe.',
  },
  'auth.link-expired': {
    en: 'This link has expired. Ask for a new one with Forgot password.',
    pt: 'Esta ligação expirou. Peça uma nova em Esqueceu-se da palavra-passe.',
  },
  'auth.link-user-inactive': {
    en: 'A password link can only be made for an active account.',
    pt: 'Só é possível criar uma ligação de palavra-passe para uma conta ativa.',
  },
  'auth.link-created': { en: 'Password link created.', pt: 'Ligação de palavra-passe criada.' },
  'mail.password-reset.subject': {
    en: 'Set a new password',
    pt: 'Defina uma nova palavra-passe',
    byText: false,
  },
  'mail.password-reset.text': {
    en: 'Hello {name},\n\nsomeone (hopefully you) asked to set a new password for your account "{username}". Open this link within {hours} hours to choose it:\n\n{url}\n\nIf you did not ask for it, ignore this message: your password stays as it is.',
    pt: 'Olá {name},\n\nalguém (esperamos que tenha sido você) pediu para definir uma nova palavra-passe para a sua conta "{username}". Abra esta ligação nas próximas {hours} horas para a escolher:\n\n{url}\n\nSe não fez este pedido, ignore esta mensagem: a sua palavra-passe não muda.',
    byText: false,
  },
  'mail.registration-approved.subject': {
    en: 'Your supplier registration was approved',
    pt: 'O seu registo de fornecedor foi aprovado',
    byText: false,
  },
  'mail.registration-approved.text': {
    en: 'Hello {name},\n\nthe registration of {company} was approved. Open this link within {days} days to set the password of your account "{username}":\n\n{url}',
    pt: 'Olá {name},\n\no registo de {company} foi aprovado. Abra esta ligação nos próximos {days} dias para definir a palavra-passe da sua conta "{username}":\n\n{url}',
    byText: false,
  },
} as const satisfies Record<string, CatalogueEntry>;
