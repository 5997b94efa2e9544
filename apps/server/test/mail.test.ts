import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailService } from '../src/mail/mail.service.ts';
import { startSmtpTestPeer, type SmtpTestPeer } from '../src/mail/smtp-test-peer.ts';
import { createTestApp, type TestApp } from './helpers.ts';

describe('mail through a real SMTP peer on loopback', () => {
  let peer: SmtpTestPeer;
  beforeAll(async () => {
    peer = await startSmtpTestPeer();
  });
  afterAll(async () => {
    await peer.close();
  });

  it('delivers the message with its sender, recipient, subject and bodies', async () => {
    const mail = mailService({ smtpUrl: peer.url, from: 'P2P <p2p@example.test>' });
    expect(mail.isConfigured).toBe(true);
    const sent = await mail.send({
      to: 'ana@example.test',
      subject: 'Definir a palavra-passe',
      text: 'Open https://p2p.example.test/set-password/abc to continue.',
      html: '<p>Open <a href="https://p2p.example.test/set-password/abc">the link</a></p>',
    });
    mail.close();
    const got = await peer.next();
    expect(sent.messageId).toBeTruthy();
    expect(got.from).toBe('p2p@example.test');
    expect(got.to).toEqual(['ana@example.test']);
    expect(got.header('subject')).toBe('Definir a palavra-passe');
    expect(got.text).toContain('https://p2p.example.test/set-password/abc');
    expect(got.raw).toContain('text/html');
  });

  it('is not configured without SMTP_URL and refuses to send', async () => {
    const mail = mailService({ smtpUrl: null, from: 'x@example.test' });
    expect(mail.isConfigured).toBe(false);
    await expect(mail.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow(
      /not configured/,
    );
  });

  it('rejects when the relay is unreachable', async () => {
    const closed = await startSmtpTestPeer();
    await closed.close();
    const mail = mailService({ smtpUrl: closed.url, from: 'x@example.test' });
    await expect(mail.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow();
    mail.close();
  });

  describe('wired into the app from SMTP_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { smtpUrl: peer.url, mailFrom: 'app@example.test' } });
    });
    afterAll(async () => t?.close());

    it('the app mail service sends through the configured relay', async () => {
      expect(t.app.services.mail.isConfigured).toBe(true);
      await t.app.services.mail.send({ to: 'buyer@example.test', subject: 'Hello', text: 'Body' });
      const got = await peer.next();
      expect(got.from).toBe('app@example.test');
      expect(got.header('subject')).toBe('Hello');
      expect(got.text.trim()).toBe('Body');
    });
  });
});
