import {
  isAdminLevel,
  renderMessage,
  type ForgotPasswordRequest,
  type ForgotPasswordResponse,
  type PasswordLink,
  type PasswordLinkCheck,
} from '@p2p/domain';
import type { Db } from '../db/database.ts';
import { AppError, forbidden, notFound } from '../lib/app-error.ts';
import { hashToken } from '../lib/tokens.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { AuthContext } from './auth-context.ts';
import { INVALID_LINK, type AuthService } from './auth.service.ts';
import { passwordLinkRepository } from './password-link.repository.ts';
import { userRepository } from './user.repository.ts';

/** A link from 'Forgot password' (or one an administrator makes) works this long, once. */
export const RESET_LINK_HOURS = 24;
/** At most one mail per account in this time, however often the form is sent. */
export const RESET_MAIL_SPACING_MS = 60_000;

export const FORGOT_PASSWORD_SENT =
  'If the address belongs to an account, a link to set a new password is on its way.';
export const LINK_USED = 'This link was already used. Ask for a new one with Forgot password.';
export const LINK_EXPIRED = 'This link has expired. Ask for a new one with Forgot password.';
export const LINK_USER_INACTIVE = 'A password link can only be made for an active account.';

export interface PasswordLinkOptions {
  auth: AuthService;
  mail: MailService;
  /** APP_URL: the address in mailed links; null: only links to a signed-in manager use the request's */
  appUrl: string | null;
  /** where failures of the background mail go (the app's logger) */
  onMailError?: (err: unknown) => void;
}

export const setPasswordPath = (token: string) => `/set-password/${token}`;

/**
 * Password links: 'Forgot password' (mailed through SMTP when configured, else waiting for an
 * administrator on the users screen), the check of a link before the password is asked for, the
 * password set through it (the user's other open links retired), and a link an administrator makes.
 * Tokens are random, stored only as hashes, single use and expiring (auth.service.ts).
 */
export function passwordLinkService(db: Db, opts: PasswordLinkOptions) {
  const links = passwordLinkRepository(db);
  const origin = (requestOrigin: string) => opts.appUrl ?? requestOrigin;

  async function mailResetLink(user: NonNullable<Awaited<ReturnType<typeof links.findActiveByEmail>>>) {
    const token = await opts.auth.createPasswordLink(user.id, user.domain_id, RESET_LINK_HOURS);
    const url = `${opts.appUrl}${setPasswordPath(token)}`;
    const params = { name: user.name, username: user.username, hours: RESET_LINK_HOURS, url };
    await opts.mail.send({
      to: user.email,
      subject: renderMessage('mail.password-reset.subject', {}, user.lang),
      text: renderMessage('mail.password-reset.text', params, user.lang),
    });
  }

  /** The link behind a token, or the reason it cannot be used (unknown, used, expired). */
  async function usableLink(token: string) {
    const link = await links.findLink(hashToken(token));
    if (!link || link.status === 'disabled')
      throw new AppError('not_found', INVALID_LINK, { key: 'auth.link-invalid' });
    if (link.used_at) throw new AppError('not_found', LINK_USED, { key: 'auth.link-used' });
    const expiresAt = new Date(link.expires_at);
    if (expiresAt.getTime() <= Date.now())
      throw new AppError('not_found', LINK_EXPIRED, { key: 'auth.link-expired' });
    return { link, expiresAt };
  }

  return {
    /**
     * The same answer whatever the address (no telling who has an account). With a relay and
     * APP_URL the link is mailed in the background (the answer does not wait for the relay, so its
     * time does not tell either); otherwise the request waits for an administrator, who makes the
     * link on the users screen. A request host never goes into a mailed link (it could be forged).
     */
    async forgot(domainId: string, req: ForgotPasswordRequest): Promise<ForgotPasswordResponse> {
      const user = await links.findActiveByEmail(domainId, req.email.trim());
      if (user) {
        if (opts.mail.isConfigured && opts.appUrl) {
          const newest = await links.newestLinkAt(user.id);
          if (!newest || Date.now() - newest.getTime() >= RESET_MAIL_SPACING_MS)
            void mailResetLink(user).catch((err: unknown) => opts.onMailError?.(err));
        } else {
          await links.markRequested(user.id, new Date());
        }
      }
      return { message: FORGOT_PASSWORD_SENT };
    },

    /** Whether a link may still set a password, with a clear reason when it may not. */
    async check(token: string): Promise<PasswordLinkCheck> {
      const { link, expiresAt } = await usableLink(token);
      return { valid: true, username: link.username, expiresAt: expiresAt.toISOString() };
    },

    /** Sets the password through the link; the request is answered and the other open links retired. */
    async setPassword(token: string, password: string): Promise<{ message: string }> {
      const { link } = await usableLink(token);
      const result = await opts.auth.setPassword(token, password);
      await links.retireOpenLinks(link.user_id, new Date());
      await links.clearRequested(link.user_id);
      return result;
    },

    /** A link an administrator makes for an active account of the domain, shown once in full. */
    async adminLink(caller: AuthContext, userId: string, requestOrigin: string): Promise<PasswordLink> {
      if (!isAdminLevel(caller.user)) throw forbidden('Only administrators can manage accounts.');
      const user = await userRepository(db).findForAdmin(caller.domainId, userId);
      if (!user) throw notFound('User not found.');
      if (user.status !== 'active')
        throw new AppError('conflict', LINK_USER_INACTIVE, { key: 'auth.link-user-inactive' });
      const token = await opts.auth.createPasswordLink(user.id, caller.domainId, RESET_LINK_HOURS);
      await links.clearRequested(user.id);
      const path = setPasswordPath(token);
      return {
        message: 'Password link created.',
        url: `${origin(requestOrigin)}${path}`,
        path,
        expiresAt: new Date(Date.now() + RESET_LINK_HOURS * 3600_000).toISOString(),
        delivery: 'shown',
      };
    },

    /** The full URL of a link for a signed-in caller's answer (APP_URL, else the caller's address). */
    linkUrl: (token: string, requestOrigin: string) => `${origin(requestOrigin)}${setPasswordPath(token)}`,
  };
}

export type PasswordLinkService = ReturnType<typeof passwordLinkService>;
