package prompt

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"atende/pkg/errs"
	"atende/pkg/mask"
	"atende/pkg/queue"
	"atende/pkg/realtime"
	"atende/pkg/tenant"
)

// Service manages the prompts of the context's company.
type Service struct {
	DB     *gorm.DB
	Events realtime.Publisher
}

// List is GET /prompt: {prompts: [...]} by name.
type List struct {
	Prompts []Prompt `json:"prompts"`
}

// List returns every prompt of the company (a company has a handful).
func (s Service) List(ctx context.Context) (List, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return List{}, err
	}
	l := List{Prompts: []Prompt{}}
	if err := q.Order("lower(name), id").Limit(500).Find(&l.Prompts).Error; err != nil {
		return List{}, err
	}
	return l, s.present(ctx, l.Prompts)
}

// Get returns one prompt of the company, secrets masked.
func (s Service) Get(ctx context.Context, id int64) (Prompt, error) {
	p, err := s.Load(ctx, id)
	if err != nil {
		return Prompt{}, err
	}
	one := []Prompt{p}
	err = s.present(ctx, one)
	return one[0], err
}

// Load returns one prompt of the company with its secrets (for the runtime).
func (s Service) Load(ctx context.Context, id int64) (Prompt, error) {
	q, err := tenant.Scope(ctx, s.DB)
	if err != nil {
		return Prompt{}, err
	}
	var p Prompt
	err = q.Take(&p, id).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return Prompt{}, ErrNotFound
	}
	return p, err
}

// Create adds a prompt.
func (s Service) Create(ctx context.Context, in Input) (Prompt, error) {
	companyID, err := tenant.CompanyID(ctx)
	if err != nil {
		return Prompt{}, err
	}
	p := Prompt{CompanyID: companyID, Model: DefaultModel, Voice: VoiceText, MaxTokens: DefaultMaxTokens,
		Temperature: DefaultTemperature, MaxMessages: DefaultMaxMessages}
	if err := in.apply(&p, true); err != nil {
		return Prompt{}, err
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := ownQueue(tx, p); err != nil {
			return err
		}
		return tx.Create(&p).Error
	})
	return s.saved(ctx, "create", p, err)
}

// Update changes a prompt; the api key and voice key stay unless a new one is sent.
func (s Service) Update(ctx context.Context, id int64, in Input) (Prompt, error) {
	p, err := s.Load(ctx, id)
	if err != nil {
		return Prompt{}, err
	}
	if err := in.apply(&p, false); err != nil {
		return Prompt{}, err
	}
	p.UpdatedAt = time.Now()
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := ownQueue(tx, p); err != nil {
			return err
		}
		return tx.Model(&Prompt{}).Where("id = ? AND company_id = ?", p.ID, p.CompanyID).
			Select("name", "prompt", "model", "voice", "voice_key", "voice_region", "max_tokens", "temperature",
				"api_key", "queue_id", "max_messages", "updated_at").Updates(&p).Error
	})
	return s.saved(ctx, "update", p, err)
}

// Delete removes a prompt (connections using it lose it: prompt_id has no foreign key, so
// it is cleared here).
func (s Service) Delete(ctx context.Context, id int64) error {
	p, err := s.Load(ctx, id)
	if err != nil {
		return err
	}
	err = s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("UPDATE connections SET prompt_id = NULL WHERE company_id = ? AND prompt_id = ?", p.CompanyID, id).Error; err != nil {
			return err
		}
		return tx.Where("company_id = ?", p.CompanyID).Delete(&Prompt{}, id).Error
	})
	if err == nil {
		s.publish(ctx, p.CompanyID, map[string]any{"action": "delete", "promptId": id})
	}
	return err
}

func ownQueue(tx *gorm.DB, p Prompt) error {
	if err := queue.Owned(tx, p.CompanyID, []int64{*p.QueueID}); err != nil {
		if errors.Is(err, queue.ErrInvalid) {
			return errs.Validation{"queueId": MsgNoQueue}.Err()
		}
		return err
	}
	return nil
}

func (s Service) saved(ctx context.Context, action string, p Prompt, err error) (Prompt, error) {
	if err != nil {
		return Prompt{}, err
	}
	one := []Prompt{p}
	if err := s.present(ctx, one); err != nil {
		return Prompt{}, err
	}
	s.publish(ctx, p.CompanyID, map[string]any{"action": action, "prompt": one[0]})
	return one[0], nil
}

// present masks the secrets and fills the queues' names.
func (s Service) present(ctx context.Context, list []Prompt) error {
	var ids []int64
	for i := range list {
		list[i].APIKeyMasked, list[i].VoiceKeyMasked = mask.Secret(list[i].APIKey), mask.Secret(list[i].VoiceKey)
		if list[i].QueueID != nil {
			ids = append(ids, *list[i].QueueID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	var queues []QueueRef
	if err := s.DB.WithContext(ctx).Table("queues").Select("id, name, color").Where("id IN ?", ids).Find(&queues).Error; err != nil {
		return err
	}
	byID := map[int64]QueueRef{}
	for _, q := range queues {
		byID[q.ID] = q
	}
	for i := range list {
		if list[i].QueueID != nil {
			if q, ok := byID[*list[i].QueueID]; ok {
				list[i].Queue = &q
			}
		}
	}
	return nil
}

// publish tells the company's admins, the only users of /prompts: the record carries the
// system prompt and the keys' last characters.
func (s Service) publish(ctx context.Context, companyID int64, data any) {
	if s.Events != nil {
		_ = s.Events.Publish(ctx, realtime.ToCompanyAdmins(companyID, "prompt", data))
	}
}
