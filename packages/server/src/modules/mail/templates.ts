// Texts of the account e-mails (activation, password reset, account created by an administrator, and the
// notices of a changed address or of a registration that created nothing): French by default, English
// when the account's language is 'en'; plain text and HTML with the same words.
import type { MailMessage } from './mailer';

export type AccountMailKind =
  'activation' | 'passwordReset' | 'creation' | 'emailChanged' | 'registrationEmailTaken' | 'registrationLoginTaken';

export interface AccountMailInput {
  to: string;
  login: string;
  firstName?: string | null;
  langKey: string;
  /** The page the mail sends to; a notice may have none. */
  link?: string;
  /** The one-time key the link carries, if it carries one: the mail's secret, never kept (mailer.ts). */
  key?: string;
  /** emailChanged: the address that replaced this one. */
  newEmail?: string;
}

interface Wording {
  subject: string;
  greeting: (name: string) => string;
  body: (login: string, newEmail: string) => string;
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
    emailChanged: {
      subject: 'Changement de votre adresse e-mail',
      greeting: (name) => `Bonjour ${name},`,
      body: (login, newEmail) =>
        `L'adresse e-mail du compte « ${login} » a été remplacée par ${newEmail}. Les messages du compte, dont les réinitialisations du mot de passe, iront désormais à cette adresse.`,
      action: '',
      footer: "Si vous n'êtes pas à l'origine de ce changement, prévenez sans attendre un administrateur de la banque.",
      signature: "Cordialement,\nL'équipe de la banque",
    },
    registrationEmailTaken: {
      subject: 'Demande de création de compte',
      greeting: (name) => `Bonjour ${name},`,
      body: (login) =>
        `Une création de compte a été demandée avec votre adresse e-mail, qui est déjà celle du compte « ${login} » : aucun autre compte n'a été créé. Si vous avez oublié votre mot de passe, ouvrez ce lien :`,
      action: 'Réinitialiser mon mot de passe',
      footer: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
      signature: "Cordialement,\nL'équipe de la banque",
    },
    registrationLoginTaken: {
      subject: 'Demande de création de compte',
      greeting: () => 'Bonjour,',
      body: (login) =>
        `Le nom d'utilisateur « ${login} » est déjà pris : aucun compte n'a été créé. Pour vous inscrire, choisissez-en un autre :`,
      action: 'Créer un compte',
      footer: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
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
    emailChanged: {
      subject: 'Your e-mail address was changed',
      greeting: (name) => `Dear ${name},`,
      body: (login, newEmail) =>
        `The e-mail address of the account "${login}" was replaced by ${newEmail}. The account's messages, password resets included, now go there.`,
      action: '',
      footer: 'If you did not make this change, tell an administrator of the bank at once.',
      signature: 'Regards,\nThe bank team',
    },
    registrationEmailTaken: {
      subject: 'Account registration',
      greeting: (name) => `Dear ${name},`,
      body: (login) =>
        `An account was asked for with your e-mail address, which is already that of the account "${login}": no other account was created. If you forgot your password, open this link:`,
      action: 'Reset my password',
      footer: 'If you did not ask for this, please ignore this message.',
      signature: 'Regards,\nThe bank team',
    },
    registrationLoginTaken: {
      subject: 'Account registration',
      greeting: () => 'Hello,',
      body: (login) =>
        `The username "${login}" is already taken: no account was created. To register, choose another one:`,
      action: 'Register',
      footer: 'If you did not ask for this, please ignore this message.',
      signature: 'Regards,\nThe bank team',
    },
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function accountMail(kind: AccountMailKind, input: AccountMailInput): MailMessage {
  const words = TEXTS[input.langKey === 'en' ? 'en' : 'fr'][kind];
  const name = input.firstName?.trim() || input.login;
  const body = words.body(input.login, input.newEmail ?? '');
  const link = input.link;
  const text = [words.greeting(name), '', body, ...(link ? [link] : []), '', words.footer, '', words.signature].join(
    '\n',
  );
  const paragraph = (line: string) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`;
  const html = [
    paragraph(words.greeting(name)),
    paragraph(body),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a></p>`] : []),
    paragraph(words.footer),
    paragraph(words.signature),
  ].join('\n');
  return { to: input.to, subject: words.subject, text, html, secret: input.key };
}
