import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { data, openApi } from '../api/client';
import { useLanguageStore } from '../shared/i18n';

export type { Profile } from '../../../contract/open/profile';


export const profileKey = ['profile'] as const;

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: () => data(openApi().GET('/user/profile')) });
}

/** The UI speaks the profile's language until the operator picks one in the header. */
export function useProfileLanguage(): void {
  const profile = useProfile();
  const followProfile = useLanguageStore((s) => s.followProfile);
  useEffect(() => {
    if (profile.data) followProfile(profile.data.language);
  }, [profile.data, followProfile]);
}
