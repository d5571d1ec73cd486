// The entity group (one lazy chunk): the staff landing page and the generic screens of every entity.
export { EntitiesPage } from './EntitiesPage';
export { EntityDeleteDialog } from './EntityDeleteDialog';
export { EntityDetailPage } from './EntityDetailPage';
export { EntityFormPage } from './EntityFormPage';
export { EntityListPage } from './EntityListPage';
