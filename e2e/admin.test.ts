// Administration and self-service in a real browser: user management (create with a role, list, deactivate,
// activate, delete), a new staff member's mailed link, log levels, metrics, registration with activation
// and a password reset through the mails of the outbox (read from the server log), and the strength meter.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { mailedLink, readSheet, screenshot, signIn, signInThroughForm, submitSignIn, suiteBrowser } from './support';

const run = `${Date.now() % 1_000_000}`;

const browser = suiteBrowser();

describe('administration', () => {
  it('creates a user with a role, toggles its activation and deletes it after confirmation', async () => {
    const { context, page, consoleErrors } = await browser.open();
    await signIn(page, 'admin');
    await page.getByTestId('admin-menu').click();
    await page.getByRole('menuitem', { name: 'Gestion des utilisateurs' }).click();
    await page.getByTestId('user-table').waitFor();
    await screenshot(page, 'admin-users');
    // The signed-in administrator cannot deactivate or delete themselves.
    expect(await page.getByTestId('user-activated-admin').isDisabled()).toBe(true);

    const login = `e2e.user${run}`;
    await page.getByRole('link', { name: 'Créer un nouvel utilisateur' }).click();
    await page.getByLabel('Login').fill(login);
    await page.getByLabel('Prénom').fill('Awa');
    await page.getByLabel('Nom', { exact: true }).fill('Diop');
    await page.getByLabel('Email').fill(`${login}@bank.sn`);
    await page.getByLabel('Droits').first().click();
    await page.getByRole('option', { name: 'Stagiaire' }).click();
    await page.keyboard.press('Escape');
    await screenshot(page, 'admin-user-form');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/admin\/user-management(\?.*)?$/);

    await page.goto(`/admin/user-management?sort=id,desc`);
    const row = page.getByTestId(`user-row-${login}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Stagiaire');
    const toggle = page.getByTestId(`user-activated-${login}`);
    expect(await toggle.textContent()).toBe('Activé');
    await toggle.click();
    await page.waitForFunction(
      (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent === 'Désactivé',
      `user-activated-${login}`,
    );
    await toggle.click();
    await page.waitForFunction(
      (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent === 'Activé',
      `user-activated-${login}`,
    );

    await row.getByRole('link', { name: 'Supprimer' }).click();
    await page.getByTestId('user-delete-question').waitFor();
    await screenshot(page, 'admin-user-delete');
    await page.getByTestId('user-delete-confirm').click();
    await row.waitFor({ state: 'detached' });
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });

  it('mails a new staff member a link to choose a password, after which they sign in with their role', async () => {
    const login = `e2e.staff${run}`;
    const email = `${login}@bank.sn`;
    const admin = await browser.open();
    await signIn(admin.page, 'admin', '/admin/user-management/new');
    await admin.page.getByLabel('Login').fill(login);
    await admin.page.getByLabel('Prénom').fill('Khady');
    await admin.page.getByLabel('Nom', { exact: true }).fill('Faye');
    await admin.page.getByLabel('Email').fill(email);
    await admin.page.getByLabel('Droits').first().fill('Responsable');
    await admin.page.getByRole('option', { name: 'Responsable desk' }).click();
    await admin.page.keyboard.press('Escape');
    await admin.page.getByRole('button', { name: 'Enregistrer' }).click();
    await admin.page.waitForURL(/\/admin\/user-management(\?.*)?$/);
    await admin.context.close();

    // The newcomer, in their own browser: the mailed link, a password, then the sign-in page.
    const { context, page, consoleErrors } = await browser.open();
    await page.goto(await mailedLink(email, 'Création de votre compte'));
    await page.getByRole('heading', { name: 'Réinitialisation du mot de passe' }).waitFor();
    await page.getByLabel(/^Nouveau mot de passe\s*\*?$/).fill('Dakar2026!x');
    await page.getByLabel('Confirmation du nouveau mot de passe').fill('Dakar2026!x');
    await page.getByRole('button', { name: 'Valider le nouveau mot de passe' }).click();
    await page.getByTestId('reset-finish-success').waitFor();
    await screenshot(page, 'new-staff-password');
    // The page then leaves for EBANKING_URL (spec part 1 §3), which nothing serves here.
    await signInThroughForm(page, login, 'Dakar2026!x');
    // The desk supervisor's menu: requests and settings sections.
    await page.getByTestId('side-menu').getByText('PARAMÈTRES').waitFor();

    // The link works once.
    await page.goto(await mailedLink(email, 'Création de votre compte'));
    await page.getByLabel(/^Nouveau mot de passe\s*\*?$/).fill('Autre2026!x');
    await page.getByLabel('Confirmation du nouveau mot de passe').fill('Autre2026!x');
    await page.getByRole('button', { name: 'Valider le nouveau mot de passe' }).click();
    await page.getByTestId('reset-finish-error').waitFor();
    expect(await page.getByTestId('reset-finish-success').count()).toBe(0);
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });

  it('finds who opened a client file in the access log, and exports it', async () => {
    const reader = await browser.signedIn('reclamations', '/entity/client/manager');
    const first = reader.page.locator('[data-testid="client-table"] tbody tr').first();
    await first.getByRole('link', { name: 'Détails' }).click();
    await reader.page.waitForURL('**/entity/bank-account/view/manager/*');
    await reader.page.getByTestId('client-identity').waitFor();
    const clientId = reader.page.url().split('/').at(-1)!;
    await reader.context.close();

    const { context, page } = await browser.open();
    await signIn(page, 'admin');
    await page.getByTestId('admin-menu').click();
    await page.getByRole('menuitem', { name: 'Journal des accès' }).click();
    await page.getByRole('heading', { name: 'Journal des accès aux données clients' }).waitFor();
    await page.getByLabel('Client (n°)').fill(clientId);
    await page.getByLabel('Utilisateur').fill('reclamations');
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    const rows = page.locator('[data-testid="access-log-table"] tbody tr');
    // The filtered list replaces the unfiltered one: wait until every row shown is the reader's.
    await expect
      .poll(async () => {
        const texts = await rows.allTextContents();
        return texts.length > 0 && texts.every((text) => text.includes('reclamations'));
      })
      .toBe(true);
    await rows.filter({ hasText: 'Fiche client' }).first().waitFor();
    await screenshot(page, 'admin-access-log');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Journal-des-acces-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const { sheetNames, cells } = readSheet(fs.readFileSync((await download.path())!));
    expect(sheetNames).toEqual(['Accès']);
    expect(cells.get('A1')?.value).toBe('Date');
    expect(cells.get('B2')).toEqual({ value: 'reclamations', numeric: false });
    expect(cells.get('D2')).toEqual({ value: clientId, numeric: true });
    await context.close();
  });

  it('changes a log level at run time', async () => {
    const { context, page } = await browser.open();
    await signIn(page, 'admin', '/admin/logs');
    const logger = page.getByTestId('logger-http');
    await logger.waitFor();
    const pressed = logger.locator('button[aria-pressed="true"]');
    const before = (await pressed.textContent())!;
    const target = before === 'DEBUG' ? 'ERROR' : 'DEBUG';
    await logger.getByRole('button', { name: target, exact: true }).click();
    await page.waitForFunction(
      (level) =>
        document.querySelector('[data-testid="logger-http"] button[aria-pressed="true"]')?.textContent === level,
      target,
    );
    await screenshot(page, 'admin-logs');
    await logger.getByRole('button', { name: before, exact: true }).click();
    await context.close();
  });

  it('shows metrics whose request count moves after a refresh', async () => {
    const { context, page } = await browser.open();
    await signIn(page, 'admin', '/admin/metrics');
    const count = page.getByTestId('metric-Requêtes HTTP');
    await count.waitFor();
    const before = Number((await count.textContent())!.replace(/\D/g, ''));
    await page.getByRole('button', { name: 'Rafraîchir' }).click();
    await page.waitForFunction(
      (n) =>
        Number(document.querySelector('[data-testid="metric-Requêtes HTTP"]')!.textContent!.replace(/\D/g, '')) > n,
      before,
    );
    expect(await page.getByTestId('metrics-http').locator('tbody tr').count()).toBeGreaterThan(0);
    await screenshot(page, 'admin-metrics');
    await context.close();
  });

  it('shows the books balanced, check by check, with the bank’s own accounts', async () => {
    const { context, page } = await browser.open();
    await signIn(page, 'admin', '/admin/ledger');
    const status = page.getByTestId('ledger-status');
    await status.getByText('Équilibrés').waitFor();
    const entries = page.getByTestId('ledger-check-entriesBalanced');
    await entries.getByText('CONFORME').waitFor();
    expect(await page.getByTestId('ledger-checks').getByText('EN ÉCART', { exact: true }).count()).toBe(0);
    await page.getByTestId('ledger-internal-accounts').getByText('clearing.outgoing').waitFor();
    await screenshot(page, 'admin-ledger');
    await context.close();
  });

  it('opens the audits, configuration and gateway screens', async () => {
    const { context, page } = await browser.open();
    await signIn(page, 'admin', '/admin/audits');
    await page.getByTestId('audits-table').locator('tbody tr').first().waitFor();
    await screenshot(page, 'admin-audits');
    await page.goto('/admin/configuration');
    await page.getByTestId('config-settings').waitFor();
    await screenshot(page, 'admin-configuration');
    await page.goto('/admin/gateway');
    await page.getByTestId('gateway-table').getByText('/core/api/**').waitFor();
    await page.goto('/admin/list/users');
    await page.getByTestId('online-users').waitFor();
    // A client is named by its code, linked to its file.
    const clientLinks = page.getByTestId('online-users').locator('tbody tr td:last-child a');
    await clientLinks.first().waitFor();
    expect(await clientLinks.allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^CL\d{6}$/)]));
    await screenshot(page, 'admin-online-users');
    await context.close();
  });
});

describe('self-service', () => {
  it('registers, activates from the mailed link, then resets a forgotten password from another', async () => {
    const { context, page } = await browser.open();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await page.getByRole('heading', { name: 'Création de compte utilisateur' }).waitFor();
    const login = `e2e.reg${run}`;
    await page.getByLabel("Nom d'utilisateur").fill(login);
    await page.getByLabel('Email').fill(`${login}@bank.sn`);
    const meter = page.getByTestId('strength-meter');
    const levels: string[] = [];
    for (const text of ['abc', 'abcdef12', 'abcDEF12', 'abcDEF12!']) {
      await page.getByLabel(/^Nouveau mot de passe\s*\*?$/).fill(text);
      levels.push((await meter.getAttribute('data-level'))!);
    }
    expect(levels).toEqual(['1', '2', '4', '5']);
    await page.getByLabel('Confirmation du nouveau mot de passe').fill('abcDEF12!');
    await screenshot(page, 'register-form');
    await page.getByRole('button', { name: 'Enregistrement' }).click();
    await page.getByTestId('register-success').waitFor();
    expect(await page.getByTestId('register-success').textContent()).toContain(
      "Un e-mail vient de partir à l'adresse indiquée",
    );
    await screenshot(page, 'register-success');

    await page.goto('/activate?key=wrong');
    await page.getByTestId('activate-error').waitFor();
    expect(await page.getByTestId('activate-error').textContent()).toBe(
      "Votre compte utilisateur n'a pas pu être activé. Merci d'utiliser le formulaire d'enregistrement pour vous inscrire.",
    );
    await screenshot(page, 'activate-error');

    // Not active yet: the sign-in is refused until the mailed link is opened.
    await page.goto('/login');
    await submitSignIn(page, login, 'abcDEF12!');
    await page.getByTestId('login-error').waitFor();
    expect(page.url()).toContain('/login');
    await page.goto(await mailedLink(`${login}@bank.sn`, 'Activation de votre compte'));
    await page.getByTestId('activate-success').waitFor();
    await screenshot(page, 'activate-success');
    await signInThroughForm(page, login, 'abcDEF12!');

    // Forgotten password: the mailed reset link, a new password, and the old one no longer works.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await page.getByText('Déconnexion réussie !').waitFor();
    await page.goto('/reset/request');
    await page.getByLabel('Email').fill(`${login}@bank.sn`);
    await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    await page.getByTestId('reset-request-success').waitFor();
    await page.goto(await mailedLink(`${login}@bank.sn`, 'Réinitialisation de votre mot de passe'));
    await page.getByLabel(/^Nouveau mot de passe\s*\*?$/).fill('Thies2026!k');
    await page.getByLabel('Confirmation du nouveau mot de passe').fill('Thies2026!k');
    await page.getByRole('button', { name: 'Valider le nouveau mot de passe' }).click();
    await page.getByTestId('reset-finish-success').waitFor();
    await page.goto('/login');
    await submitSignIn(page, login, 'abcDEF12!');
    await page.getByTestId('login-error').waitFor();
    await signInThroughForm(page, login, 'Thies2026!k');
    await context.close();
  });

  it('answers an unknown e-mail as a known one: no list of staff addresses', async () => {
    const { context, page } = await browser.open();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.getByRole('heading', { name: 'Réinitialiser votre mot de passe' }).waitFor();
    await page.getByLabel('Email').fill(`nobody${run}@nowhere.sn`);
    await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    await page.getByTestId('reset-request-success').waitFor();
    expect(await page.getByTestId('reset-request-success').textContent()).toBe(
      "Si cette adresse est celle d'un compte, un e-mail vient d'y partir : suivez-le pour choisir un nouveau mot de passe.",
    );
    await screenshot(page, 'reset-request-unknown');
    await page.goto('/reset/finish/some-key');
    await page.getByLabel(/^Nouveau mot de passe\s*\*?$/).fill('Abcdef1!');
    expect(await page.getByTestId('strength-meter').getAttribute('data-level')).toBe('5');
    await screenshot(page, 'reset-finish');
    await context.close();
  });
});
