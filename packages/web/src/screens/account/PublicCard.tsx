// The frame of the signed-out account pages (registration, activation, password reset): a centred card
// with the page title, like the sign-in page.
import { Center, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={480}>
        <Stack>
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
