import { Avatar, Button, Grid, Group, Paper, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState, type FormEvent } from 'react';
import { useProfile, type Profile } from '../../app/useProfileLanguage';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { languageOf, useLanguageStore, useT } from '../../shared/i18n';
import { useUpdateProfile, type ProfilePatch } from './api';
import { changedFields } from './logic';
import { commonMessages, profileMessages } from './messages';
import { useFormat } from '../../shared/format';
import { AVATAR_MAX, EMAIL_MAX, USERNAME_MAX } from '../../../../contract/limits';
import { httpUrl, profileProblems, type ProfileProblems } from './profileRules';

type ProfileForm = Required<ProfilePatch>;

function formOf(profile: Profile): ProfileForm {
  return { username: profile.username, email: profile.email, avatar: profile.avatar, language: profile.language };
}

function ProfileEditor({ profile }: { profile: Profile }) {
  const t = useT(profileMessages);
  const c = useT(commonMessages);
  const fmt = useFormat();
  const formatDate = (iso: string, withTime = false) => fmt.date(iso, withTime ? 'dateTime' : 'date');
  const [form, setForm] = useState<ProfileForm>(() => formOf(profile));
  const update = useUpdateProfile();
  const before = formOf(profile);
  const patch = changedFields(before, { ...form, username: form.username.trim(), email: form.email.trim(), avatar: form.avatar.trim() });
  const dirty = Object.keys(patch).length > 0;
  const problems = profileProblems(patch);
  // Marked once a save was tried, then kept up to date as the fields change.
  const [checked, setChecked] = useState(false);
  const problemOf = (field: keyof ProfileProblems) => {
    const problem = checked ? problems[field] : undefined;
    return problem ? t(problem.key, problem.vars) : undefined;
  };
  const fields = { username: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null), avatar: useRef<HTMLInputElement>(null) };
  const avatarPreview = httpUrl(form.avatar.trim());

  const languages = [
    { value: 'en', label: t('english') },
    { value: 'zh-CN', label: t('chinese') },
  ];
  if (!languages.some((l) => l.value === profile.language)) languages.push({ value: profile.language, label: profile.language });

  const set = (field: keyof ProfileForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (update.isError) update.reset();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    setChecked(true);
    // Nothing is sent while a field is wrong: the first one wrong gets the focus.
    const wrong = (['username', 'email', 'avatar'] as const).find((field) => problems[field]);
    if (wrong) {
      fields[wrong].current?.focus();
      return;
    }
    update.mutate(patch, {
      onSuccess: (saved) => {
        if (patch.language !== undefined) useLanguageStore.getState().choose(languageOf(saved.language));
        notifications.show({ color: 'green', title: t('saved'), message: saved.username });
      },
    });
  };

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="md" p="lg">
          <Stack align="center" gap="xs">
            <Avatar src={avatarPreview} size={96} radius={96} alt={profile.username} color="orange">
              <span translate="no">{profile.username.slice(0, 2).toUpperCase()}</span>
            </Avatar>
            <Text fw={700} size="lg">
              <span translate="no">{profile.username}</span>
            </Text>
            <Text size="sm" c="dimmed">
              <span translate="no">{profile.email}</span>
            </Text>
            <Text size="xs" c="dimmed">
              {t('memberSince', { date: formatDate(profile.createdAt) })}
            </Text>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="md" p="lg">
          <form onSubmit={onSubmit} aria-label={t('formLabel')} noValidate>
            <Stack gap="md">
              <TextInput
                ref={fields.username}
                label={t('username')}
                description={t('usernameHint')}
                value={form.username}
                onChange={(e) => set('username')(e.currentTarget.value)}
                error={problemOf('username')}
                required
                maxLength={USERNAME_MAX}
              />
              <TextInput
                ref={fields.email}
                label={t('email')}
                type="email"
                value={form.email}
                onChange={(e) => set('email')(e.currentTarget.value)}
                error={problemOf('email')}
                required
                maxLength={EMAIL_MAX}
              />
              <TextInput
                ref={fields.avatar}
                label={t('avatar')}
                description={t('avatarHint')}
                type="url"
                value={form.avatar}
                onChange={(e) => set('avatar')(e.currentTarget.value)}
                error={problemOf('avatar')}
                maxLength={AVATAR_MAX}
                placeholder="https://"
              />
              <Select
                label={t('language')}
                description={t('languageHint')}
                data={languages}
                value={form.language}
                allowDeselect={false}
                onChange={(value) => value && set('language')(value)}
              />
              {update.isError ? <ErrorAlert title={t('saveError')} error={update.error} /> : null}
              <Group justify="flex-end">
                <Button variant="default" disabled={!dirty || update.isPending} onClick={() => setForm(formOf(profile))}>
                  {t('reset')}
                </Button>
                <Button type="submit" disabled={!dirty} loading={update.isPending} title={dirty ? undefined : t('nothingChanged')}>
                  {c('save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

export function ProfilePage() {
  const t = useT(profileMessages);
  const profile = useProfile();
  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      {profile.isPending ? (
        <Skeleton height={320} />
      ) : profile.isError ? (
        <ErrorAlert title={t('loadError')} error={profile.error} />
      ) : (
        <ProfileEditor key={JSON.stringify(profile.data)} profile={profile.data} />
      )}
    </Stack>
  );
}
