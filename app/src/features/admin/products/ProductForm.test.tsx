import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { FakeXhr, fakeFile, renderAdmin, setupAdminI18n } from '../test/helpers';

const CATEGORIES = ['Lighting', 'Sound', 'Stage', 'Accessories'];
const ADMIN = { id: 'u1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', roles: ['Admin'], isAdmin: true };
const EMPTY_LIST = { products: [], pagination: { page: 1, pageSize: 20, totalCount: 0, totalPages: 0 } };

function api(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/auth/profile': { body: ADMIN },
    'GET /api/cart': { body: { id: '', items: [], totalPrice: 0, totalItems: 0 } },
    'GET /api/products/categories': { body: CATEGORIES },
    'GET /api/products': { body: EMPTY_LIST },
    'POST /api/products': { status: 201, body: { id: 'p1' } },
    ...extra,
  });
}


let user: UserEvent;

beforeEach(async () => {
  await setupAdminI18n();
  localStorage.setItem('authToken', 'admin-token');
  FakeXhr.install();
  user = userEvent.setup({ applyAccept: false, delay: null });
});

const submitButton = () => screen.getByRole('button', { name: 'Create Product' });
const imageInput = () => screen.getByLabelText('Choose image files');
const imageItems = () => within(screen.getByRole('list', { name: 'Product images' })).queryAllByRole('listitem');

async function pick(...files: File[]) {
  await user.upload(imageInput(), files);
}

/** Finishes the n-th upload (0-based) with the given server file name. */
async function finishUpload(n: number, fileName: string) {
  await act(async () => {
    FakeXhr.all[n].respond(201, { fileName, url: `/images/products/${fileName}` });
  });
}

async function fillRequired({ image = true } = {}) {
  await user.type(screen.getByLabelText(/^Name \(English\)/), 'Moving Head 200');
  await user.type(screen.getByLabelText(/^Description \(English\)/), 'A bright moving head.');
  await user.type(screen.getByLabelText(/^Price/), '199.99');
  await user.selectOptions(screen.getByLabelText(/^Category/), 'Lighting');
  if (image) {
    await pick(fakeFile('head.jpg', 'image/jpeg'));
    await finishUpload(0, 'abc123.jpg');
  }
}

async function openForm() {
  const fetchMock = api();
  renderAdmin('/admin/products/new');
  await screen.findByRole('heading', { name: 'Add Product' });
  return fetchMock;
}

describe('product form validation', () => {
  it('shows "Name is required" and "Description is required" on submit and sends nothing', async () => {
    const { callsTo } = await openForm();
    await user.type(screen.getByLabelText(/^Price/), '10');
    await user.selectOptions(screen.getByLabelText(/^Category/), 'Sound');
    await pick(fakeFile('a.png', 'image/png'));
    await finishUpload(0, 'a.png');

    await user.click(submitButton());

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name \(English\)/)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('POST', '/api/products')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Name \(English\)/), 'Mixer');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });

  it('shows "Price is required" once the price field is left empty', async () => {
    await openForm();
    const price = screen.getByLabelText(/^Price/);
    await user.click(price);
    await user.tab();
    expect(await screen.findByText('Price is required')).toBeInTheDocument();
  });

  it('rejects a negative price or one with more than two decimals', async () => {
    await openForm();
    const price = screen.getByLabelText(/^Price/);
    await user.type(price, '12.345');
    await user.tab();
    expect(await screen.findByText('Price must be a number of 0 or more with at most two decimals')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '-1');
    expect(screen.getByText('Price must be a number of 0 or more with at most two decimals')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '12.34');
    expect(screen.queryByText(/Price must be/)).not.toBeInTheDocument();
  });

  it('requires a whole, non-negative stock quantity', async () => {
    const { callsTo } = await openForm();
    await fillRequired();
    const stock = screen.getByLabelText(/^Stock quantity/);
    await user.clear(stock);
    await user.tab();
    expect(await screen.findByText('Stock quantity is required')).toBeInTheDocument();

    await user.type(stock, '1.5');
    await user.click(submitButton());
    expect(await screen.findByText('Stock quantity must be a whole number of 0 or more')).toBeInTheDocument();
    expect(callsTo('POST', '/api/products')).toHaveLength(0);
  });

  it('shows "Category is required" when the category select is left without a choice', async () => {
    await openForm();
    await user.click(screen.getByLabelText(/^Category/));
    await user.tab();
    expect(await screen.findByText('Category is required')).toBeInTheDocument();
  });

  it('shows "At least one image is required" when the last image is removed', async () => {
    await openForm();
    await pick(fakeFile('a.jpg', 'image/jpeg'));
    await finishUpload(0, 'a.jpg');
    expect(screen.queryByText('At least one image is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(await screen.findByText('At least one image is required')).toBeInTheDocument();
  });
});

describe('image checks', () => {
  it('refuses a file that is not JPEG, PNG, GIF or WebP and uploads nothing', async () => {
    await openForm();
    await pick(fakeFile('notes.txt', 'text/plain'));
    expect(await screen.findByText('Please select valid image files (JPEG, PNG, GIF, WebP)')).toBeInTheDocument();
    expect(FakeXhr.all).toHaveLength(0);
    expect(imageItems()).toHaveLength(0);
  });

  it('refuses a file over 5242880 bytes but accepts one of exactly 5242880', async () => {
    await openForm();
    await pick(fakeFile('huge.jpg', 'image/jpeg', 5242881));
    expect(await screen.findByText('File size must be less than 5MB')).toBeInTheDocument();
    expect(FakeXhr.all).toHaveLength(0);

    await pick(fakeFile('limit.webp', 'image/webp', 5242880));
    expect(screen.queryByText('File size must be less than 5MB')).not.toBeInTheDocument();
    expect(FakeXhr.all).toHaveLength(1);
  });

  it('uploads the valid files of a mixed selection, one request per file, with the bearer token', async () => {
    await openForm();
    await pick(fakeFile('a.jpg', 'image/jpeg'), fakeFile('b.gif', 'image/gif'), fakeFile('c.bmp', 'image/bmp'));
    expect(screen.getByText('Please select valid image files (JPEG, PNG, GIF, WebP)')).toBeInTheDocument();
    expect(FakeXhr.all).toHaveLength(2);
    for (const xhr of FakeXhr.all) {
      expect(xhr.method).toBe('POST');
      expect(xhr.url).toBe('/api/upload/image');
      expect(xhr.headers.Authorization).toBe('Bearer admin-token');
    }
    expect(FakeXhr.all.map((x) => x.file.name)).toEqual(['a.jpg', 'b.gif']);
  });

  it('shows a progress bar per upload; a file the server refuses leaves the list, named with the reason', async () => {
    await openForm();
    await pick(fakeFile('a.jpg', 'image/jpeg'), fakeFile('b.png', 'image/png'));
    act(() => FakeXhr.all[0].progress(50, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading a.jpg' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('progressbar', { name: 'Uploading b.png' })).toHaveAttribute('aria-valuenow', '0');

    await act(async () => {
      FakeXhr.all[1].respond(400, { status: 400, code: 'invalid_image', message: 'Please select valid image files (JPEG, PNG, GIF, WebP)' });
    });
    expect(await screen.findByText('b.png was not added: Please select valid image files (JPEG, PNG, GIF, WebP)')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Uploading b.png' })).not.toBeInTheDocument();
    expect(imageItems()).toHaveLength(1);

    await act(async () => {
      FakeXhr.all[0].respond(500, 'gateway down');
    });
    expect(await screen.findByText('a.jpg was not added: gateway down')).toBeInTheDocument();
    expect(imageItems()).toHaveLength(0);
  });
});

describe('image order', () => {
  async function threeImages() {
    await pick(fakeFile('one.jpg', 'image/jpeg'), fakeFile('two.jpg', 'image/jpeg'), fakeFile('three.jpg', 'image/jpeg'));
    await finishUpload(0, 'one.jpg');
    await finishUpload(1, 'two.jpg');
    await finishUpload(2, 'three.jpg');
  }
  const order = () => imageItems().map((li) => within(li).getByRole('img').getAttribute('alt'));

  it('moves images with the keyboard buttons and marks the first one primary', async () => {
    await openForm();
    await threeImages();
    expect(order()).toEqual(['one.jpg', 'two.jpg', 'three.jpg']);
    expect(within(imageItems()[0]).getByText('Primary')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move image 1 earlier' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move image 3 earlier' }));
    await user.click(screen.getByRole('button', { name: 'Move image 2 earlier' }));
    expect(order()).toEqual(['three.jpg', 'one.jpg', 'two.jpg']);
    expect(within(imageItems()[0]).getByText('Primary')).toBeInTheDocument();
    expect(within(imageItems()[1]).queryByText('Primary')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move image 1 later' }));
    expect(order()).toEqual(['one.jpg', 'three.jpg', 'two.jpg']);
  });

  it('moves an image by drag and drop and sends the new order', async () => {
    const { callsTo } = await openForm();
    await fillRequired({ image: false });
    await threeImages();

    const [first, , third] = imageItems();
    fireEvent.dragStart(first);
    fireEvent.dragOver(third);
    fireEvent.drop(third);
    expect(order()).toEqual(['two.jpg', 'three.jpg', 'one.jpg']);

    await user.click(submitButton());
    await waitFor(() => expect(callsTo('POST', '/api/products')).toHaveLength(1));
    expect((callsTo('POST', '/api/products')[0].body as { imageFileNames: string[] }).imageFileNames).toEqual([
      'two.jpg',
      'three.jpg',
      'one.jpg',
    ]);
  });
});

describe('submit button', () => {
  it('stays disabled until price, category and an uploaded image are there, and while uploading', async () => {
    await openForm();
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/^Name \(English\)/), 'Speaker');
    await user.type(screen.getByLabelText(/^Description \(English\)/), 'Loud.');
    await user.type(screen.getByLabelText(/^Price/), '99');
    expect(submitButton()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/^Category/), 'Sound');
    expect(submitButton()).toBeDisabled();

    await pick(fakeFile('s.jpg', 'image/jpeg'));
    expect(submitButton()).toBeDisabled(); // uploading
    await finishUpload(0, 's.jpg');
    expect(submitButton()).toBeEnabled();

    await pick(fakeFile('t.jpg', 'image/jpeg'));
    expect(submitButton()).toBeDisabled(); // a second upload running
    await finishUpload(1, 't.jpg');
    expect(submitButton()).toBeEnabled();

    await user.clear(screen.getByLabelText(/^Price/));
    expect(submitButton()).toBeDisabled();
  });
});

describe('attributes and saving', () => {
  it('drops empty attribute rows, keeps translations, and goes back to the list on success', async () => {
    const { callsTo } = await openForm();
    await fillRequired();

    await user.type(screen.getByLabelText('Attribute 1 key (English)'), 'Power');
    await user.type(screen.getByLabelText('Attribute 1 value (English)'), '200 W');
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    await user.type(screen.getByLabelText('Attribute 3 key (English)'), 'Weight');
    await user.type(screen.getByLabelText('Attribute 3 value (English)'), '12 kg');
    expect(screen.getAllByTestId('attribute-row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Add Русский' }));
    await user.type(screen.getByLabelText(/^Name \(Русский\)/), 'Вращающаяся голова');
    await user.type(screen.getByLabelText('Attribute 1 key (Русский)'), 'Мощность');

    await user.click(submitButton());
    await waitFor(() => expect(callsTo('POST', '/api/products')).toHaveLength(1));
    const body = callsTo('POST', '/api/products')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Moving Head 200',
      nameLocalized: { en: 'Moving Head 200', ru: 'Вращающаяся голова' },
      description: 'A bright moving head.',
      price: 199.99,
      category: 'Lighting',
      stockQuantity: 0,
      isActive: true,
      imageFileNames: ['abc123.jpg'],
      taxClass: 'standard',
    });
    expect(body.attributes).toEqual([
      { key: 'Power', keyLocalized: { en: 'Power', ru: 'Мощность' }, value: '200 W', valueLocalized: { en: '200 W' } },
      { key: 'Weight', keyLocalized: { en: 'Weight' }, value: '12 kg', valueLocalized: { en: '12 kg' } },
    ]);

    expect(await screen.findByText('Product created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });

  it('always keeps one attribute row', async () => {
    await openForm();
    expect(screen.getAllByTestId('attribute-row')).toHaveLength(1);
    await user.type(screen.getByLabelText('Attribute 1 key (English)'), 'Colour');
    await user.click(screen.getByRole('button', { name: 'Remove attribute 1' }));
    expect(screen.getAllByTestId('attribute-row')).toHaveLength(1);
    expect(screen.getByLabelText('Attribute 1 key (English)')).toHaveValue('');
  });

  it('sends nothing for a row with a key but no value and says so', async () => {
    const { callsTo } = await openForm();
    await fillRequired();
    await user.type(screen.getByLabelText('Attribute 1 key (English)'), 'Power');
    await user.click(submitButton());
    expect(await screen.findByText('Enter the English value, or clear the row')).toBeInTheDocument();
    expect(callsTo('POST', '/api/products')).toHaveLength(0);
  });

  it('shows the server errors on their fields and the failure snackbar', async () => {
    const fetchMock = api({
      'POST /api/products': {
        status: 400,
        body: {
          status: 400,
          code: 'validation_failed',
          message: 'Validation failed',
          errors: { price: 'Price is too high for this category', 'attributes.1.value': 'Value is too long' },
        },
      },
    });
    renderAdmin('/admin/products/new');
    await screen.findByRole('heading', { name: 'Add Product' });
    await fillRequired();
    // Row 1 is left empty and dropped, so the server's attributes.1 is the third row on screen.
    await user.type(screen.getByLabelText('Attribute 1 key (English)'), 'A');
    await user.type(screen.getByLabelText('Attribute 1 value (English)'), 'B');
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    await user.click(screen.getByRole('button', { name: 'Add attribute' }));
    await user.type(screen.getByLabelText('Attribute 3 key (English)'), 'C');
    await user.type(screen.getByLabelText('Attribute 3 value (English)'), 'D');

    await user.click(submitButton());
    expect(await screen.findByText('Failed to create product')).toBeInTheDocument();
    expect(screen.getByText('Price is too high for this category')).toBeInTheDocument();
    const thirdRow = screen.getAllByTestId('attribute-row')[2];
    expect(within(thirdRow).getByText('Value is too long')).toBeInTheDocument();
    expect(fetchMock.callsTo('POST', '/api/products')).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/products/new');
  });

  it('goes back to the list on cancel', async () => {
    await openForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
  });
});
