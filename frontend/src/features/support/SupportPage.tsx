import { Controller, useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { PageHero, Section } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { FaqAccordion } from '../../components/marketing/FaqAccordion';
import { toast } from '../../components/ui/toast';
import { usePublicConfig } from '../../config/publicConfig';
import Link from '@mui/material/Link';
import { api, ApiError } from '../../lib/api';
import type { Models } from '../../lib/api-models';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { filled, markServerErrors } from '../../lib/forms';

type SupportCategory = Models['CreateSupportMessageDto']['category'];

export const supportCategories: { value: SupportCategory; label: string }[] = [
  { value: 'api-help', label: 'API Help' },
  { value: 'billing', label: 'Billing' },
  { value: 'technical', label: 'Technical Issue' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'other', label: 'Other' },
];

const supportFaq = [
  {
    question: 'How quickly will I get an answer?',
    answer:
      'We answer within 24 hours on business days; the average first response is 4 hours. Premium and Enterprise customers get faster response targets (see the SLA).',
  },
  {
    question: 'What should I include in a technical question?',
    answer: 'The endpoint, the full request (without your key), the answer you received and the answer you expected. The X-Tzdb-Version header helps too.',
  },
  {
    question: 'Can I get help with billing outside business hours?',
    answer: 'Billing questions are answered during business hours. Enterprise P1 incidents are handled 24/7.',
  },
  {
    question: 'How do I report a security issue?',
    answer: 'Choose the Technical Issue category and mark the subject SECURITY. We acknowledge security reports within one business day.',
  },
];

const empty = { name: '', email: '', category: '', subject: '', message: '' };
type SupportValues = typeof empty;

/** Name, e-mail, subject and message are required; a missing one is marked beside its field and named in the spec's toast. */
const supportSchema = z.object({
  name: filled('Please enter your name.'),
  email: filled('Please enter your email address.'),
  category: z.string(),
  subject: filled('Please enter a subject.'),
  message: filled('Please enter your message.'),
}) satisfies z.ZodType<SupportValues>;

const supportFields = ['name', 'email', 'category', 'subject', 'message'] as const;

/** The chosen category; none chosen is 'other', the server's own default for a message without one. */
const categoryOf = (value: string): SupportCategory => supportCategories.find((c) => c.value === value)?.value ?? 'other';

export function SupportPage() {
  const supportEmail = usePublicConfig().data?.supportEmail ?? '';
  usePageMeta('Contact Support', 'Contact the TimeZone API team: API help, billing, technical issues, feature requests and partnerships.');
  const { control, handleSubmit, reset, formState, setError } = useForm<SupportValues>({
    defaultValues: empty,
    resolver: zodResolver(supportSchema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const sending = formState.isSubmitting;

  const submit = handleSubmit(
    async (form) => {
      try {
        await api.post('/api/support/messages', {
          body: {
            name: form.name.trim(),
            email: form.email.trim(),
            category: categoryOf(form.category),
            subject: form.subject.trim(),
            message: form.message.trim(),
          },
        });
        toast({ title: 'Message Sent', description: "We'll get back to you within 24 hours." });
        reset(empty);
      } catch (error) {
        // The server's field errors (an address it refuses, a text too long) show beside their fields too.
        markServerErrors(error, supportFields, setError);
        toast({
          title: 'Error',
          description: error instanceof ApiError ? error.detail : 'Something went wrong. Please try again.',
          variant: 'destructive',
        });
      }
    },
    () => toast({ title: 'Missing Information', description: 'Please fill in all required fields.', variant: 'destructive' }),
  );

  return (
    <>
      <PageHero eyebrow="Support" title="How Can We Help?" subtitle="Send us a message and a developer on our team will answer.">
        <Chip label="Average response: 4 hours" sx={{ bgcolor: 'rgba(255,255,255,0.16)', color: '#fff', fontWeight: 600 }} />
      </PageHero>
      <Section>
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <Card>
            <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
              <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
                Send us a message
              </Typography>
              <Box component="form" noValidate onSubmit={submit} aria-label="Contact form">
                <Stack spacing={2}>
                  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                    <Controller
                      name="name"
                      control={control}
                      render={({ field: { ref, ...field }, fieldState }) => (
                        <TextField
                          {...field}
                          inputRef={ref}
                          label="Name"
                          required
                          autoComplete="name"
                          error={!!fieldState.error}
                          helperText={fieldState.error?.message}
                        />
                      )}
                    />
                    <Controller
                      name="email"
                      control={control}
                      render={({ field: { ref, ...field }, fieldState }) => (
                        <TextField
                          {...field}
                          inputRef={ref}
                          label="Email"
                          type="email"
                          required
                          autoComplete="email"
                          error={!!fieldState.error}
                          helperText={fieldState.error?.message}
                        />
                      )}
                    />
                  </Box>
                  <Controller
                    name="category"
                    control={control}
                    render={({ field: { ref, ...field } }) => (
                      <TextField select {...field} inputRef={ref} label="Category">
                        <MenuItem value="">
                          <em>Select a category</em>
                        </MenuItem>
                        {supportCategories.map((c) => (
                          <MenuItem key={c.value} value={c.value}>
                            {c.label}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                  <Controller
                    name="subject"
                    control={control}
                    render={({ field: { ref, ...field }, fieldState }) => (
                      <TextField {...field} inputRef={ref} label="Subject" required error={!!fieldState.error} helperText={fieldState.error?.message} />
                    )}
                  />
                  <Controller
                    name="message"
                    control={control}
                    render={({ field: { ref, ...field }, fieldState }) => (
                      <TextField
                        {...field}
                        inputRef={ref}
                        label="Message"
                        required
                        multiline
                        minRows={5}
                        error={!!fieldState.error}
                        helperText={fieldState.error?.message}
                      />
                    )}
                  />
                  <Box>
                    <Button type="submit" variant="contained" size="large" disabled={sending}>
                      {sending ? 'Sending...' : 'Send Message'}
                    </Button>
                  </Box>
                </Stack>
              </Box>
            </CardContent>
          </Card>
          <Stack spacing={2}>
            <Card>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                  <EmailOutlinedIcon color="primary" aria-hidden />
                  <Typography variant="h6" component="h2">
                    Contact information
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  Use the form for the fastest answer; every message gets a ticket and a reply by email within 24 hours.
                </Typography>
                {supportEmail && (
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    Email: <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
                  </Typography>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                  <ScheduleIcon color="primary" aria-hidden />
                  <Typography variant="h6" component="h2">
                    Support hours
                  </Typography>
                </Stack>
                <Typography variant="body2">Monday to Friday</Typography>
                <Typography variant="body2">9:00 AM to 6:00 PM EST</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  Enterprise P1 incidents: 24/7.
                </Typography>
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                  <MenuBookOutlinedIcon color="primary" aria-hidden />
                  <Typography variant="h6" component="h2">
                    Self-service
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  Many answers are already in the Help Center, the FAQ and the API docs.
                </Typography>
              </CardContent>
            </Card>
          </Stack>
        </Box>
      </Section>
      <Section tinted title="Support FAQ">
        <Box sx={{ maxWidth: 820, mx: 'auto' }}>
          <FaqAccordion idPrefix="support-faq" items={supportFaq} />
        </Box>
      </Section>
    </>
  );
}
