/**
 * Messages of the server outside the document engine, in every language: request checks, sign-in
 * and sign-up, profile, files, notifications. English texts are the server's exactly (the spec's
 * where it gives one); `{name}` marks a parameter.
 *
 * MESSAGES.tokenInvalid is left out on purpose: the web app signs a user out when a 401 says that
 * the authentication token is not valid, and reads it in English (shell/errors.ts).
 */
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE_MESSAGES,
  PASSWORD_SPECIALS,
} from '../auth/password.ts';
import { SIGN_UP_MESSAGES } from '../auth/sign-up.ts';
import { MESSAGES } from '../shell/constants.ts';
import type { CatalogueEntry } from './catalogue-entry.ts';

export const COMMON_MESSAGES = {
  // request checks (lib/error-handler.ts, lib/input-guard.ts, app-error.ts)
  'error.invalid-request': { en: 'Invalid request.', pt: 'Pedido inválido.' },
  'error.property-required': { en: '{property} is required.', pt: 'O campo {property} é obrigatório.' },
  'error.internal': { en: 'Internal server error.', pt: 'Erro interno do servidor.' },
  'error.not-found': { en: 'Not found.', pt: 'Não encontrado.' },
  'error.forbidden': { en: 'You are not allowed to do this.', pt: 'Não tem permissão para fazer isto.' },
  'error.too-many-requests': {
    en: MESSAGES.tooManyRequests,
    pt: 'Demasiados pedidos, por favor tente novamente mais tarde.',
  },
  'error.invalid-value': {
    en: 'A value of the request cannot be stored.',
    pt: 'Um valor do pedido não pode ser guardado.',
  },
  'error.value-too-large': {
    en: 'A value of the request is too large to store.',
    pt: 'Um valor do pedido é demasiado grande para ser guardado.',
  },
  'error.conflict': {
    en: 'The request conflicts with a concurrent change; try again.',
    pt: 'O pedido entra em conflito com uma alteração simultânea; tente novamente.',
  },
  'error.invalid-text': {
    en: 'The request holds a value that cannot be stored.',
    pt: 'O pedido contém um valor que não pode ser guardado.',
  },
  'error.path-invalid': { en: 'The request path is not valid.', pt: 'O caminho do pedido não é válido.' },
  'error.path-too-long': {
    en: 'A path parameter is too long.',
    pt: 'Um parâmetro do caminho é demasiado longo.',
  },
  // sign-in, sign-up, passwords (auth/)
  'auth.invalid-credentials': {
    en: 'Invalid username or password.',
    pt: 'Nome de utilizador ou palavra-passe inválidos.',
  },
  'auth.unknown-domain': { en: 'Unknown domain.', pt: 'Domínio desconhecido.' },
  'auth.system-user': { en: 'This account cannot sign in.', pt: 'Esta conta não pode iniciar sessão.' },
  'auth.account-pending': {
    en: 'Your account is waiting for approval.',
    pt: 'A sua conta aguarda aprovação.',
  },
  'auth.account-disabled': { en: 'Your account is disabled.', pt: 'A sua conta está desativada.' },
  'auth.no-account': {
    en: 'You have no account in domain {domain}.',
    pt: 'Não tem conta no domínio {domain}.',
  },
  'auth.wrong-domain': {
    en: 'This token does not belong to the requested domain.',
    pt: 'Este token não pertence ao domínio pedido.',
  },
  'auth.sign-out-self': {
    en: 'You can only sign yourself out.',
    pt: 'Só pode terminar a sua própria sessão.',
  },
  'auth.link-invalid': {
    en: 'This link is not valid or has expired.',
    pt: 'Esta ligação não é válida ou expirou.',
  },
  'auth.username-required': { en: 'Username is required.', pt: 'O nome de utilizador é obrigatório.' },
  'auth.name-required': { en: 'Name is required.', pt: 'O nome é obrigatório.' },
  'auth.email-invalid': { en: 'E-mail address is not valid.', pt: 'O endereço de e-mail não é válido.' },
  'auth.username-taken': {
    en: 'This username is already taken.',
    pt: 'Este nome de utilizador já está a ser usado.',
  },
  'auth.email-taken': {
    en: 'This e-mail address is already registered.',
    pt: 'Este endereço de e-mail já está registado.',
  },
  'auth.sign-up-closed': {
    en: SIGN_UP_MESSAGES.closed,
    pt: 'O registo está fechado. Peça uma conta a um administrador.',
  },
  'auth.sign-up-domain': {
    en: SIGN_UP_MESSAGES.domain,
    pt: 'O registo só está aberto a endereços de e-mail da organização.',
  },
  'auth.password-uppercase': {
    en: PASSWORD_RULE_MESSAGES.uppercase,
    pt: 'A palavra-passe tem de conter pelo menos uma letra maiúscula.',
  },
  'auth.password-digit': {
    en: PASSWORD_RULE_MESSAGES.digit,
    pt: 'A palavra-passe tem de conter pelo menos um dígito.',
  },
  'auth.password-special': {
    en: PASSWORD_RULE_MESSAGES.special,
    pt: `A palavra-passe tem de conter pelo menos um carácter especial de entre ${PASSWORD_SPECIALS}`,
  },
  'auth.password-length': {
    en: PASSWORD_RULE_MESSAGES.length,
    pt: `A palavra-passe tem de ter entre ${PASSWORD_MIN_LENGTH} e ${PASSWORD_MAX_LENGTH} caracteres.`,
  },
  'auth.password-characters': {
    en: PASSWORD_RULE_MESSAGES.characters,
    pt: `A palavra-passe só pode conter letras, dígitos e ${PASSWORD_SPECIALS}`,
  },
  'auth.registration-review-forbidden': {
    en: 'Only supplier managers can review registrations.',
    pt: 'Só os gestores de fornecedores podem rever registos.',
  },
  'auth.registration-not-found': {
    en: 'Registration not found or already decided.',
    pt: 'Registo não encontrado ou já decidido.',
  },
  // profile and accounts (profile/, admin/)
  'profile.plant-unknown': { en: 'Unknown plant.', pt: 'Fábrica desconhecida.' },
  'profile.location-unknown': { en: 'Unknown location.', pt: 'Local desconhecido.' },
  'profile.workgroup-unknown': { en: 'Unknown workgroup.', pt: 'Grupo de trabalho desconhecido.' },
  'profile.group-not-found': { en: 'Group not found.', pt: 'Grupo não encontrado.' },
  'profile.cannot-switch-group': {
    en: 'Your account cannot switch group.',
    pt: 'A sua conta não pode mudar de grupo.',
  },
  'profile.user-not-found': { en: 'User not found.', pt: 'Utilizador não encontrado.' },
  'profile.home-own': {
    en: 'You can only read your own home settings.',
    pt: 'Só pode ler as suas próprias definições da página inicial.',
  },
  'admin.accounts-forbidden': {
    en: 'Only administrators can manage accounts.',
    pt: 'Só os administradores podem gerir contas.',
  },
  'admin.configs-forbidden': {
    en: 'Only administrators can manage configurations.',
    pt: 'Só os administradores podem gerir configurações.',
  },
  'admin.config-invalid': { en: 'The configuration is not valid.', pt: 'A configuração não é válida.' },
  'admin.not-pending': {
    en: 'This account does not wait for approval.',
    pt: 'Esta conta não aguarda aprovação.',
  },
  // files, favorites, notifications, help
  'files.not-found': { en: 'File not found.', pt: 'Ficheiro não encontrado.' },
  'files.download-invalid': {
    en: 'This download link is not valid or has expired.',
    pt: 'Esta ligação de transferência não é válida ou expirou.',
  },
  'favorites.owner': {
    en: 'Favorites are shown only to their owner.',
    pt: 'Os favoritos só são mostrados ao seu dono.',
  },
  'notifications.not-found': { en: 'Notification not found.', pt: 'Notificação não encontrada.' },
  'help.not-found': { en: 'Help document not found.', pt: 'Documento de ajuda não encontrado.' },
  'activity.owner': {
    en: 'Recent activity is shown only to its owner.',
    pt: 'A atividade recente só é mostrada ao seu dono.',
  },
} as const satisfies Record<string, CatalogueEntry>;
