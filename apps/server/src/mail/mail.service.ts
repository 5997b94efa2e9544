import { createTransport, type Transporter } from 'nodemailer';

/** One outgoing message; `html` is optional, the plain text always goes along. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailOptions {
  /** SMTP_URL (smtp://user:pass@host:port or smtps://...); null: no mail is sent. */
  smtpUrl: string | null;
  /** The sender address (MAIL_FROM). */
  from: string;
}

export const DEFAULT_MAIL_FROM = 'P2P <no-reply@p2p.invalid>';

/**
 * Outgoing e-mail through one SMTP relay. When SMTP_URL is unset the service is not configured:
 * callers check `isConfigured` and show the link to an administrator instead of mailing it, so
 * nothing is silently dropped.
 */
export function mailService(opts: MailOptions) {
  let transport: Transporter | null = null;
  const transporter = (): Transporter => {
    if (!opts.smtpUrl) throw new Error('Mail is not configured (SMTP_URL is unset).');
    // created on first use: a server without mail never opens a connection
    transport ??= createTransport(opts.smtpUrl);
    return transport;
  };
  return {
    isConfigured: Boolean(opts.smtpUrl),
    from: opts.from,
    /** Sends one message; rejects when the relay refuses it (callers decide what the user sees). */
    async send(message: MailMessage): Promise<{ messageId: string }> {
      const info = (await transporter().sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      })) as { messageId: string };
      return { messageId: info.messageId };
    },
    close(): void {
      transport?.close();
      transport = null;
    },
  };
}

export type MailService = ReturnType<typeof mailService>;
