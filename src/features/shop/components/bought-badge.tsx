// The product page's 已购买 (issue 20 part Q; spec learning §7 GET /order/api/buy/query): for a
// signed-in learner who bought the product (a paid order holds it), a tag and the way to that order;
// nothing for a guest or before they buy.
import { Tag } from 'antd';
import { Link } from 'react-router';
import { useBuyState } from '../../../api/after-sale';
import { useAfterSaleTexts } from './delivery-texts';

export function BoughtBadge({ productId }: { productId: number }) {
  const t = useAfterSaleTexts();
  const bought = useBuyState(productId).data;
  if (!bought?.bought || bought.orderId === null) return null;
  return (
    <span data-testid="product-bought" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Tag color="green" style={{ margin: 0 }}>{t('bought')}</Tag>
      <Link to={`/sub_shop/order_detail/order_detail/${bought.orderId}`}>{t('viewOrder')}</Link>
    </span>
  );
}
