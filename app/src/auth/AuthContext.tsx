import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { authKeys, orderKeys } from '../api/queryKeys';
import { tokenStore } from '../api/storage';
import type { LoginAnswer, User } from '../api/types';
import { uiLanguage } from '../i18n/current';
import { isAdminUser } from '../lib/user';
import { isStaffUser, userCan, type Permission } from './permissions';

type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthContextValue {
  user: User | null;
  status: AuthStatus;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** Any staff role (Admin, Manager, Fulfilment, Catalog): the admin area is theirs. */
  isStaff: boolean;
  /** Whether the user's roles grant the permission (what the app shows; the server enforces it). */
  can: (perm: Permission) => boolean;
  token: string | null;
  login: (email: string, password: string) => Promise<User>;
  logout: () => Promise<void>;
  /** Replaces the signed-in user (after a profile update); stores new tokens when given. */
  setUser: (user: User, tokens?: { token?: string; refreshToken?: string }) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function fetchProfile(): Promise<User> {
  return api.get<User>('/auth/profile', { redirectOnAuthFailure: false });
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.getToken, () => null);

  const profile = useQuery({
    queryKey: authKeys.me,
    queryFn: async () => {
      try {
        return await fetchProfile();
      } catch (e) {
        // A failed start-up profile fetch clears the session (spec section 4).
        tokenStore.clear();
        throw e;
      }
    },
    enabled: !!token,
    staleTime: Infinity,
    retry: false,
  });

  const user = token ? (profile.data ?? null) : null;
  const status: AuthStatus = !token ? 'anonymous' : user ? 'authenticated' : profile.isError ? 'anonymous' : 'loading';

  const login = useCallback(
    async (email: string, password: string) => {
      const res = await api.post<LoginAnswer>('/auth/login', { email: email.trim().toLowerCase(), password, language: uiLanguage() });
      const { token: t, refreshToken, ...userFields } = res;
      queryClient.setQueryData(authKeys.me, userFields);
      tokenStore.setTokens(t, refreshToken);
      return userFields as User;
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    const refreshToken = tokenStore.getRefreshToken();
    if (tokenStore.getToken()) {
      try {
        await api.post('/auth/logout', refreshToken ? { refreshToken } : undefined, { redirectOnAuthFailure: false });
      } catch {
        // signed out locally anyway
      }
    }
    tokenStore.clear();
    queryClient.removeQueries({ queryKey: authKeys.me });
    queryClient.removeQueries({ queryKey: orderKeys.all });
  }, [queryClient]);

  const setUser = useCallback(
    (u: User, tokens?: { token?: string; refreshToken?: string }) => {
      if (tokens?.token) tokenStore.setTokens(tokens.token, tokens.refreshToken);
      queryClient.setQueryData(authKeys.me, u);
    },
    [queryClient],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      status,
      isAuthenticated: status === 'authenticated',
      isAdmin: isAdminUser(user),
      isStaff: isStaffUser(user),
      can: (perm: Permission) => userCan(user, perm),
      token,
      login,
      logout,
      setUser,
    }),
    [user, status, token, login, logout, setUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The signed-in user, isAdmin, the token and login/logout. */
export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
