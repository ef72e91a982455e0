import { Box, Button, Card, Container, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { ContactSent } from '../../api/types';
import { FormField } from '../../components/FormField';
import { TOAST_LONG, useToast } from '../../components/Toast';
import { uiLanguage } from '../../i18n/current';
import { errorText } from '../../i18n/errors';
import { useForm } from '../../lib/form';
import { emptyContact, validateContact, type ContactForm } from './validation';
import { ContactCard, useContactCards } from './ContactCards';

const FIELDS: (keyof ContactForm)[] = ['name', 'email', 'subject', 'message'];

export default function ContactPage() {
  const { t } = useTranslation('contact');
  const show = useToast();
  const form = useForm<ContactForm>({ initial: emptyContact, rules: validateContact, message: (key) => t(`validation.${key}`) });
  const send = useMutation({
    mutationFn: (f: ContactForm) =>
      api.post<ContactSent>('/contact/submit', { name: f.name.trim(), email: f.email.trim(), subject: f.subject.trim(), message: f.message.trim(), language: uiLanguage() }),
    onSuccess: () => {
      form.reset(emptyContact());
      show({ kind: 'success', message: t('success'), duration: TOAST_LONG });
    },
    onError: (err) => {
      form.serverFailed(err);
      show({ kind: 'error', message: errorText(t, err, 'contact:error'), duration: TOAST_LONG });
    },
  });
  const sending = send.isPending;

  const cards = useContactCards();

  return (
    <Container size="4" px={{ initial: '3', sm: '5' }} py="5">
      <Heading as="h1" size="8" mb="2">
        {t('title')}
      </Heading>
      <Text as="p" color="gray" size="3" mb="5">
        {t('intro')}
      </Text>
      <Grid columns={{ initial: '1', md: '3' }} gap="5">
        <Box gridColumn={{ md: 'span 2' }}>
          <Card size="3">
            <form onSubmit={form.handleSubmit((f) => send.mutate(f))} noValidate>
              <Flex direction="column" gap="4">
                <Heading as="h2" size="5">
                  {t('formTitle')}
                </Heading>
                {FIELDS.map((f) => (
                  <FormField
                    key={f}
                    label={t(`fields.${f}`)}
                    type={f === 'email' ? 'email' : 'text'}
                    autoComplete={f === 'name' ? 'name' : f === 'email' ? 'email' : 'off'}
                    multiline={f === 'message'}
                    required
                    disabled={sending}
                    {...form.field(f)}
                  />
                ))}
                <Button type="submit" size="3" disabled={sending} style={{ alignSelf: 'flex-start' }}>
                  {sending ? t('sending') : t('send')}
                </Button>
              </Flex>
            </form>
          </Card>
        </Box>
        <Flex direction="column" gap="3">
          {cards.map((card) => (
            <ContactCard key={card.title} {...card} />
          ))}
        </Flex>
      </Grid>
    </Container>
  );
}
