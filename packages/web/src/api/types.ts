// Shapes of the platform's answers (spec part 1 section 7.1 and 7.3).

export interface Account {
  id: number;
  login: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  activated: boolean;
  langKey: string | null;
  authorities: string[];
  createdDate?: string | null;
  lastModifiedDate?: string | null;
}

export interface Credentials {
  username: string;
  password: string;
  rememberMe: boolean;
}

export interface AccountSettings {
  firstName: string;
  lastName: string;
  email: string;
  langKey: string;
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export interface ProfileInfo {
  activeProfiles: string[];
  ribbonEnv: string | null;
  inProduction: boolean;
  isSwaggerEnabled: boolean;
}

export type HealthStatus = 'UP' | 'DOWN' | (string & {});

export interface HealthComponent {
  status: HealthStatus;
  details?: Record<string, unknown>;
}

export interface Health {
  status: HealthStatus;
  components?: Record<string, HealthComponent>;
}
