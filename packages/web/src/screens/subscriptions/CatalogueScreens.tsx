// The pack and service manager screens (spec part 2 §2.7): the generic list, form and delete dialog
// of the engine at the manager addresses — only where each screen lives differs, declared here.
import { entityByName, type Entity } from '@bank/domain';
import type { ReactNode } from 'react';
import { EntityForm } from '../../engine/EntityFormPage';
import { EntityList } from '../../engine/EntityListPage';
import { EntityPathsContext, useRouteId, type EntityPaths } from '../../engine/use-entity-route';
import { NotFoundPage } from '../../app/NotFoundPage';

interface Catalogue {
  entity: Entity;
  paths: EntityPaths;
}

function catalogue(name: string, list: string, create: string, edit: (id: number) => string): Catalogue {
  const entity = entityByName(name);
  return {
    entity,
    paths: {
      list,
      create,
      view: (id) => `/entity/${entity.route}/${id}`,
      edit,
      remove: (id) => `${list}/${id}/delete`,
    },
  };
}

export const CATALOGUES = {
  pack: catalogue(
    'pack',
    '/entity/pack/view/manager',
    '/entity/pack/manager/new',
    (id) => `/entity/pack/view/manager/${id}/edit`,
  ),
  serenityServices: catalogue(
    'serenityServices',
    '/entity/serenity-services/manager',
    '/entity/serenity-services/manager/new',
    (id) => `/entity/serenity-services/manager/${id}/edit`,
  ),
} as const;

function At({ catalogue: { paths }, children }: { catalogue: Catalogue; children: ReactNode }) {
  return <EntityPathsContext value={() => paths}>{children}</EntityPathsContext>;
}

function CatalogueList({ catalogue: which }: { catalogue: Catalogue }) {
  return (
    <At catalogue={which}>
      <EntityList entity={which.entity} />
    </At>
  );
}

function CatalogueForm({ catalogue: which }: { catalogue: Catalogue }) {
  const id = useRouteId();
  if (id === undefined) return <NotFoundPage />;
  return (
    <At catalogue={which}>
      <EntityForm key={id ?? 'new'} entity={which.entity} id={id} />
    </At>
  );
}

export const PackManagerListPage = () => <CatalogueList catalogue={CATALOGUES.pack} />;
export const PackManagerFormPage = () => <CatalogueForm catalogue={CATALOGUES.pack} />;
export const ServicesManagerListPage = () => <CatalogueList catalogue={CATALOGUES.serenityServices} />;
export const ServicesManagerFormPage = () => <CatalogueForm catalogue={CATALOGUES.serenityServices} />;
