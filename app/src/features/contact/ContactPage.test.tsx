import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock';
import { setupTestI18n } from '../../test/i18n';
import { renderApp } from '../../test/render';
import ContactPage from './ContactPage';

const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`));

describe('ContactPage', () => {
  beforeAll(setupTestI18n);

  it('requires name, subject and message and a valid e-mail; an error clears when its field is edited', async () => {
    const { callsTo } = mockFetch({});
    renderApp(<ContactPage />, { route: '/contact', path: '/contact' });
    await userEvent.type(field('Name'), '   ');
    await userEvent.type(field('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', '/api/contact/submit')).toHaveLength(0);

    await userEvent.type(field('Subject'), 'Q');
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
  });

  it('shows the problem of a field once it is left, as every form does (lib/form)', async () => {
    mockFetch({});
    renderApp(<ContactPage />, { route: '/contact', path: '/contact' });
    await userEvent.type(field('Email'), 'nope');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    await userEvent.tab();
    expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.queryByText('This field is required')).toBeNull();
  });

  it('sends trimmed values, shows Sending..., clears the form and shows the success notice', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { callsTo, fn } = mockFetch({ 'POST /api/contact/submit': { status: 201, body: { message: 'Message sent successfully!', id: 'x' } } });
    const original = fn.getMockImplementation()!;
    fn.mockImplementation(async (...args) => {
      await gate;
      return original(...args);
    });
    renderApp(<ContactPage />, { route: '/contact', path: '/contact' });
    await userEvent.type(field('Name'), '  Ada  ');
    await userEvent.type(field('Email'), ' ada@example.com ');
    await userEvent.type(field('Subject'), ' Quote ');
    await userEvent.type(field('Message'), ' Need 4 spots ');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(field('Name')).toBeDisabled();
    release();
    expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
    expect(callsTo('POST', '/api/contact/submit')[0].body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Quote',
      message: 'Need 4 spots',
      language: 'en',
    });
    await waitFor(() => expect(field('Name')).toHaveValue(''));
    expect(field('Message')).toHaveValue('');
  });

  it('shows the fallback error notice when sending fails without a reason', async () => {
    mockFetch({ 'POST /api/contact/submit': { status: 500, body: {} } });
    renderApp(<ContactPage />, { route: '/contact', path: '/contact' });
    await userEvent.type(field('Name'), 'Ada');
    await userEvent.type(field('Email'), 'ada@example.com');
    await userEvent.type(field('Subject'), 'Quote');
    await userEvent.type(field('Message'), 'Hi');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('There was an error sending your message. Please try again.')).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Ada');
  });
});
