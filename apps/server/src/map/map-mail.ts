import { MAP_MAIL_SUBJECT, type SendMailBody, type SendMailResult } from '@p2p/domain';
import type { AuthContext } from '../auth/auth-context.ts';
import { AppError } from '../lib/app-error.ts';
import { sanitizeHtml } from '../lib/sanitize-html.ts';
import type { MailService } from '../mail/mail.service.ts';
import { UpstreamError } from './map-upstream.ts';

/** The plain-text part: the body without tags, links kept as their address. */
export function plainText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, (_m, href: string, label: string) =>
      label.trim() && label.trim() !== href ? `${label.trim()}: ${href}` : href,
    )
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * POST /communication/sendMail (seed 001 section 7): a location or route link by e-mail, with the
 * fixed subject 'GeoLocation Link'. The body is sanitised and must carry a web link, so the route
 * sends map links and nothing else on the server's behalf.
 */
export async function sendMapMail(
  mail: Pick<MailService, 'isConfigured' | 'send'>,
  auth: AuthContext,
  body: SendMailBody,
): Promise<SendMailResult> {
  if (!mail.isConfigured)
    throw new AppError('unavailable', 'E-mail is not configured on this server.', { key: 'mail.off' });
  const html = sanitizeHtml(body.html);
  if (!/href="https?:\/\//i.test(html))
    throw new AppError('bad_request', 'The message must hold a map link.', { key: 'map.mail-link' });
  try {
    await mail.send({
      to: body.to,
      subject: MAP_MAIL_SUBJECT,
      text: `${plainText(html)}\n\n${auth.user.name}`,
      html,
    });
  } catch (err) {
    throw new UpstreamError('mail', err instanceof Error ? err.message : String(err));
  }
  return { ok: true, message: 'E-mail sent.' };
}
