import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { start } from './app/start';

void start(document.getElementById('root')!);
