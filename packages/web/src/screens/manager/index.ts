// The manager group (one lazy chunk): staff request lists, decision forms, histories and the client file.
export { ClientFilePage } from './ClientFilePage';
export { ClientListPage } from './ClientListPage';
export { RequestDecisionPage } from './RequestDecisionPage';
export { RequestHistoryPage, RequestListPage } from './RequestListPage';
export { RequestStoryPage } from './RequestStoryPage';
export { SerenityEmailPage } from './SerenityEmailPage';
