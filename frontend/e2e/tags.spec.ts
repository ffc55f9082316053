import { expect, test } from './fixtures';
import { newAccount, signUp } from './helpers';

test('a user adds and deletes tags', async ({ page }) => {
  await signUp(page, newAccount('tags'));
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Tags' }).click();
  await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible();

  const input = page.getByLabel('New tag');
  const tagList = page.getByRole('list', { name: 'Tags' });
  for (const name of ['Finance', 'Quarterly review']) {
    await input.fill(name);
    await page.getByRole('button', { name: 'Add Tag' }).click();
    await expect(tagList.getByText(name, { exact: true })).toBeVisible();
    await expect(input).toHaveValue('');
  }

  // A blank name is ignored.
  await input.fill('   ');
  await page.getByRole('button', { name: 'Add Tag' }).click();
  await expect(tagList.getByRole('listitem')).toHaveCount(2);

  // A duplicate is refused with a translated message.
  await input.fill('Finance');
  await page.getByRole('button', { name: 'Add Tag' }).click();
  await expect(page.getByText('You already have a tag named “Finance”')).toBeVisible();

  await page.getByRole('button', { name: 'Delete tag “Finance”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete tag?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(tagList.getByText('Finance', { exact: true })).toHaveCount(0);
  await expect(tagList.getByText('Quarterly review', { exact: true })).toBeVisible();

  // The list survives a reload (it came from the server, not local state).
  await page.reload();
  await expect(page.getByRole('list', { name: 'Tags' }).getByText('Quarterly review', { exact: true })).toBeVisible();
});
