// The password-strength meter (spec part 2 section 2.18): five segments from red to green, as many lit as
// the domain's strengthLevel(passwordStrength(password)); nothing lit for an empty password.
import { STRENGTH_LEVELS, passwordStrength, strengthLevel } from '@bank/domain';
import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Segment colours, weakest first: red, orange, yellow, light green, green. */
export const STRENGTH_COLOURS = ['red', 'orange', 'yellow', 'lime', 'green'] as const;

export function StrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const level = password ? strengthLevel(passwordStrength(password)) : 0;
  const colour = STRENGTH_COLOURS[level - 1];
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Text size="xs" c="dimmed" id="strength-label">
        {t('password.strength.label')}
      </Text>
      <Group
        gap={4}
        wrap="nowrap"
        role="meter"
        aria-labelledby="strength-label"
        aria-valuemin={0}
        aria-valuemax={STRENGTH_LEVELS}
        aria-valuenow={level}
        aria-valuetext={level ? t(`password.strength.level${level}`) : t('password.strength.empty')}
        data-testid="strength-meter"
        data-level={level}
      >
        {Array.from({ length: STRENGTH_LEVELS }, (_, index) => (
          <Box
            key={index}
            w={32}
            h={8}
            style={{ borderRadius: 2 }}
            bg={index < level ? `${colour}.6` : 'gray.3'}
            data-testid="strength-segment"
            data-colour={index < level ? colour : 'off'}
          />
        ))}
      </Group>
    </Group>
  );
}
