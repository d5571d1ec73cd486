// The operations screens name their codes (issue 22): an audit event's data and a health component's
// details read as labelled facts in French, the code and raw value kept in the tooltip.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { AuditData, HealthDetails } from './operation-labels';

beforeEach(() => i18n.changeLanguage('fr'));

const facts = () => screen.getAllByText((_, element) => element?.tagName === 'P').map((p) => p.textContent);

describe('audit data', () => {
  it('labels each key, words the codes and the yes/no, and keeps the raw pair in the tooltip', () => {
    render(
      <MantineProvider>
        <AuditData
          data={{
            ip: '10.0.0.12',
            reason: 'bad-credentials',
            rememberMe: false,
            authorities: 'ROLE_ADMIN,ROLE_MANAGER',
            previousLogin: null,
            somethingNew: 3,
          }}
        />
      </MantineProvider>,
    );
    expect(facts()).toEqual([
      'Adresse IP 10.0.0.12',
      'Motif Identifiant ou mot de passe incorrect',
      'Se souvenir de moi Non',
      'Profils Administrateur, Manager',
      // A key the screen does not know yet still shows, as itself.
      'somethingNew 3',
    ]);
    expect(screen.getByText('Identifiant ou mot de passe incorrect').closest('p')!.title).toBe(
      'reason=bad-credentials',
    );
  });
});

describe('health details', () => {
  it('labels each detail and shows sizes in GB or MB, the mail mode in words', () => {
    render(
      <MantineProvider>
        <HealthDetails
          details={{
            path: '/data',
            free: 12.5 * 1024 ** 3,
            threshold: 10 * 1024 ** 2,
            mode: 'outbox',
            latencyMs: 1.25,
          }}
        />
      </MantineProvider>,
    );
    expect(facts().map((text) => text?.replace(/\s/g, ' '))).toEqual([
      'Dossier /data',
      'Espace libre 12,5 Go',
      "Seuil d'alerte 10 Mo",
      "Mode d'envoi File d'envoi (fichiers)",
      'Latence (ms) 1,25',
    ]);
  });
});
