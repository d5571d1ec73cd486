import './app/mantine-styles';
import { start } from './app/start';

void start(document.getElementById('root')!);
