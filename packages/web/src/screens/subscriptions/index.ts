// The subscriptions group (one lazy chunk): client subscriptions and their validation, subscription
// requests with the check-then-save form, the pack and service manager screens, the provision order.
export {
  PackManagerFormPage,
  PackManagerListPage,
  ServicesManagerFormPage,
  ServicesManagerListPage,
} from './CatalogueScreens';
export { ClientSubscriptionDetailPage } from './ClientSubscriptionDetailPage';
export { ClientSubscriptionEditPage } from './ClientSubscriptionEditPage';
export { ClientSubscriptionListPage } from './ClientSubscriptionListPage';
export { DeleteDialogPage } from './DeleteDialogPage';
export { ProvisionPrintPage } from './ProvisionPrintPage';
export { SubsRequestFormPage } from './SubsRequestFormPage';
export { SubsRequestListPage } from './SubsRequestListPage';
