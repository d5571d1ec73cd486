// The administration group (lazy chunk); the other admin screens come with their issues.
export { HealthPage } from './HealthPage';
