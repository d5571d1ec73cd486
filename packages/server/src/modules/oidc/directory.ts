// The bank's directory as an OpenID Connect client sees it (openid-client): discovered on first use, not at
// start, so that a directory down when the server starts stops nothing but directory sign-ins (503), and
// discovered again on the next sign-in after a failure.
import * as client from 'openid-client';
import type { Config } from '../../config';
import { isInsecureIssuer } from './settings';

export class Directory {
  private discovered: Promise<client.Configuration> | undefined;

  constructor(private readonly config: Config) {}

  configuration(): Promise<client.Configuration> {
    this.discovered ??= this.discover().catch((error: unknown) => {
      this.discovered = undefined;
      throw error;
    });
    return this.discovered;
  }

  private discover(): Promise<client.Configuration> {
    const { oidcIssuerUrl, oidcClientId, oidcClientSecret } = this.config;
    return client.discovery(
      new URL(oidcIssuerUrl!),
      oidcClientId!,
      oidcClientSecret!,
      client.ClientSecretBasic(oidcClientSecret!),
      {
        execute: [
          // The ID token's signature is checked against the directory's JWKS, not only trusted for having come
          // over TLS from the token endpoint (which OpenID Connect Core 3.1.3.7 would allow).
          client.enableNonRepudiationChecks,
          // Settings accept http only on a loopback address (tests, a directory on the same machine).
          ...(isInsecureIssuer(oidcIssuerUrl!) ? [client.allowInsecureRequests] : []),
        ],
        // A sign-in page should not hang for openid-client's default 30 seconds.
        timeout: 10,
      },
    );
  }
}
