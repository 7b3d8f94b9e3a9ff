import { screen } from '@testing-library/react';
import { mockFetch } from '../../test/fetch-polyfill';
import { template } from '../../test/raffle-template-fixtures';
import { screenOutline } from '../../test/screen-outline';
import { StartRaffleFromTemplate } from './start-raffle-from-template';
import * as outline from '../testing/outline-steps';

// What a person meets on the form, recorded before it read the contract and compared since.
describe('Start a raffle from a template: outline', () => {
  it('the template picker, its summary and the title', async () => {
    mockFetch(({ url }) =>
      url === '/api/admin/raffle-templates' ? { body: { success: true, data: [template(3, 'Weekly community raffle')] } } : undefined,
    );
    outline.renderAsAdmin(<StartRaffleFromTemplate />);
    const form = await screen.findByRole('form', { name: 'Start a raffle from a template' });
    expect(screenOutline(form)).toMatchSnapshot('form');
  });
});
