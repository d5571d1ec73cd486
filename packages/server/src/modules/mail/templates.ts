// Texts of the account e-mails (activation, password reset, account created by an administrator):
// French by default, English when the account's language is 'en'; plain text and HTML with the same words.
import type { MailMessage } from './mailer';

export type AccountMailKind = 'activation' | 'passwordReset' | 'creation';

export interface AccountMailInput {
  to: string;
  login: string;
  firstName?: string | null;
  langKey: string;
  link: string;
  /** The one-time key the link carries: the mail's secret, never kept (mailer.ts). */
  key: string;
}

interface Wording {
  subject: string;
  greeting: (name: string) => string;
  body: (login: string) => string;
  action: string;
  footer: string;
  signature: string;
}

const TEXTS: Record<'fr' | 'en', Record<AccountMailKind, Wording>> = {
  fr: {
    activation: {
      subject: 'Activation de votre compte',
      greeting: (name) => `Bonjour ${name},`,
      body: (login) => `Votre compte « ${login} » a été créé. Ouvrez ce lien pour l'activer :`,
      action: 'Activer mon compte',
      footer: "Si vous n'avez pas demandé ce compte, ignorez ce message.",
      signature: "Cordialement,\nL'équipe de la banque",
    },
    passwordReset: {
      subject: 'Réinitialisation de votre mot de passe',
      greeting: (name) => `Bonjour ${name},`,
      body: (login) =>
        `Une réinitialisation du mot de passe du compte « ${login} » a été demandée. Ouvrez ce lien, valable 24 heures, pour en choisir un nouveau :`,
      action: 'Choisir un nouveau mot de passe',
      footer: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe ne change pas.",
      signature: "Cordialement,\nL'équipe de la banque",
    },
    creation: {
      subject: 'Création de votre compte',
      greeting: (name) => `Bonjour ${name},`,
      body: (login) =>
        `Un administrateur a créé votre compte « ${login} ». Ouvrez ce lien, valable 24 heures, pour choisir votre mot de passe :`,
      action: 'Choisir mon mot de passe',
      footer: 'Passé ce délai, demandez une réinitialisation du mot de passe depuis la page de connexion.',
      signature: "Cordialement,\nL'équipe de la banque",
    },
  },
  en: {
    activation: {
      subject: 'Account activation',
      greeting: (name) => `Dear ${name},`,
      body: (login) => `Your account "${login}" has been created. Open this link to activate it:`,
      action: 'Activate my account',
      footer: 'If you did not ask for this account, please ignore this message.',
      signature: 'Regards,\nThe bank team',
    },
    passwordReset: {
      subject: 'Password reset',
      greeting: (name) => `Dear ${name},`,
      body: (login) =>
        `A password reset was requested for the account "${login}". Open this link, valid for 24 hours, to choose a new one:`,
      action: 'Choose a new password',
      footer: 'If you did not ask for this, please ignore this message: your password stays the same.',
      signature: 'Regards,\nThe bank team',
    },
    creation: {
      subject: 'Your account has been created',
      greeting: (name) => `Dear ${name},`,
      body: (login) =>
        `An administrator created your account "${login}". Open this link, valid for 24 hours, to choose your password:`,
      action: 'Choose my password',
      footer: 'After that, ask for a password reset from the sign-in page.',
      signature: 'Regards,\nThe bank team',
    },
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function accountMail(kind: AccountMailKind, input: AccountMailInput): MailMessage {
  const words = TEXTS[input.langKey === 'en' ? 'en' : 'fr'][kind];
  const name = input.firstName?.trim() || input.login;
  const text = [
    words.greeting(name),
    '',
    words.body(input.login),
    input.link,
    '',
    words.footer,
    '',
    words.signature,
  ].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`;
  const html = [
    paragraph(words.greeting(name)),
    paragraph(words.body(input.login)),
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(words.action)}</a></p>`,
    paragraph(words.footer),
    paragraph(words.signature),
  ].join('\n');
  return { to: input.to, subject: words.subject, text, html, secret: input.key };
}
