// The account's security as a staff member meets it: turning on the second factor from the QR page,
// signing in with a code, and the idle limit's warning, then expiry, on a browser clock run forward.
import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { api, apiToken, screenshot, submitSignIn, suiteBrowser } from './support';

const browser = suiteBrowser();

/** What the authenticator app shows for `secret`, `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

describe('second factor', () => {
  it('is turned on from the security page with a computed code, then asked at the next sign-in', async () => {
    const { context, page, consoleErrors } = await browser.signedIn('agentrsic');
    try {
      await page.getByTestId('account-menu').click();
      await page.getByRole('menuitem', { name: 'Sécurité' }).click();
      await page.getByRole('heading', { name: 'Double authentification' }).waitFor();
      await page.getByRole('button', { name: "Configurer l'application d'authentification" }).click();
      await page.getByRole('img', { name: "Code QR de la clé de votre application d'authentification" }).waitFor();
      // The key shown under the QR code, as a user without a camera types it into the app.
      const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await screenshot(page, 'security-enrolment-qr');
      await page.getByLabel("Code affiché par l'application").fill(codeOf(secret));
      await page.getByRole('button', { name: 'Activer' }).click();
      const codes = page.getByTestId('recovery-codes');
      await codes.waitFor();
      expect(await codes.getByRole('listitem').count()).toBe(10);
      await screenshot(page, 'security-recovery-codes');
      await page.getByRole('button', { name: "J'ai conservé ces codes" }).click();
      await page.getByText('Codes de secours restants : 10').waitFor();

      await page.goto('/logout');
      await page.getByText('Déconnexion réussie !').waitFor();
      await page.goto('/login');
      await submitSignIn(page, 'agentrsic');
      await page
        .getByText("Saisissez le code de votre application d'authentification (ou un code de secours).")
        .waitFor();
      // The next period's code: the one used to turn it on is spent.
      await page.getByLabel('Code de vérification').fill(codeOf(secret, 1));
      await screenshot(page, 'sign-in-second-factor');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.getByTestId('home-welcome').waitFor();
      // The browser logs the sign-in's 401 that asked for the code, and none other kind of error.
      expect(consoleErrors.filter((error) => !error.includes('status of 401'))).toEqual([]);
    } finally {
      await context.close();
      // The demo account goes back to its password alone for the other journeys.
      expect((await api('DELETE', '/api/users/agentrsic/mfa', await apiToken('admin'))).status).toBe(204);
    }
  });
});

describe('idle limit', () => {
  it('warns a minute before, keeps the session on "Rester connecté", then signs out and comes back to the page', async () => {
    const { context, page } = await browser.open();
    try {
      // The page's clock only: the server's idle limit (15 min) is tested on the server.
      await page.clock.install();
      await page.goto('/login');
      await submitSignIn(page, 'manager');
      await page.getByTestId('home-welcome').waitFor();
      await page.goto('/account/security');
      await page.getByRole('heading', { name: 'Sessions ouvertes' }).waitFor();
      // The page read (its sessions listed) before the clock jumps: a call still out then times out.
      await page.getByTestId('sessions-table').waitFor();

      const dialog = page.getByRole('dialog', { name: 'Votre session va expirer' });
      await page.clock.runFor('14:05');
      await dialog.waitFor();
      await screenshot(page, 'session-expiring');
      await page.getByRole('button', { name: 'Rester connecté' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Untouched for the whole limit again: signed out, told why, and brought back after signing in.
      await page.clock.runFor('15:05');
      await page
        .getByText(
          "Votre session a expiré après une période d'inactivité. Reconnectez-vous pour reprendre où vous en étiez.",
        )
        .waitFor();
      await submitSignIn(page, 'manager');
      await page.getByRole('heading', { name: 'Sessions ouvertes' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
