package metawebhook

// The webhook shapes Meta documents, reduced to the fields we read.

import "encoding/json"

// Objects a delivery can be about.
const (
	ObjectWhatsApp  = "whatsapp_business_account"
	ObjectPage      = "page"
	ObjectInstagram = "instagram"
)

type envelope struct {
	Object string  `json:"object"`
	Entry  []entry `json:"entry"`
}

type entry struct {
	ID        string      `json:"id"`
	Changes   []change    `json:"changes"`   // whatsapp_business_account
	Messaging []messaging `json:"messaging"` // page, instagram
}

type change struct {
	Field string  `json:"field"`
	Value waValue `json:"value"`
}

type waValue struct {
	Metadata struct {
		PhoneNumberID string `json:"phone_number_id"`
	} `json:"metadata"`
	Contacts []struct {
		Profile struct {
			Name string `json:"name"`
		} `json:"profile"`
		WaID string `json:"wa_id"`
	} `json:"contacts"`
	Messages []waMessage `json:"messages"`
	Statuses []waStatus  `json:"statuses"`
}

type waMessage struct {
	From      string `json:"from"`
	ID        string `json:"id"`
	Timestamp string `json:"timestamp"`
	Type      string `json:"type"`
	Context   *struct {
		ID string `json:"id"`
	} `json:"context"`
	Text *struct {
		Body string `json:"body"`
	} `json:"text"`
	Image    *waMedia `json:"image"`
	Video    *waMedia `json:"video"`
	Audio    *waMedia `json:"audio"`
	Document *waMedia `json:"document"`
	Sticker  *waMedia `json:"sticker"`
	Location *struct {
		Latitude  float64 `json:"latitude"`
		Longitude float64 `json:"longitude"`
		Name      string  `json:"name"`
		Address   string  `json:"address"`
	} `json:"location"`
	Contacts []struct {
		Name struct {
			FormattedName string `json:"formatted_name"`
		} `json:"name"`
		Phones []struct {
			Phone string `json:"phone"`
		} `json:"phones"`
	} `json:"contacts"`
	Reaction *struct {
		MessageID string `json:"message_id"`
		Emoji     string `json:"emoji"`
	} `json:"reaction"`
	Button *struct {
		Text string `json:"text"`
	} `json:"button"`
	Interactive *struct {
		ButtonReply *struct {
			ID    string `json:"id"`
			Title string `json:"title"`
		} `json:"button_reply"`
		ListReply *struct {
			ID    string `json:"id"`
			Title string `json:"title"`
		} `json:"list_reply"`
	} `json:"interactive"`
}

type waMedia struct {
	ID       string `json:"id"`
	MimeType string `json:"mime_type"`
	Caption  string `json:"caption"`
	Filename string `json:"filename"`
}

type waStatus struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	Timestamp   string `json:"timestamp"`
	RecipientID string `json:"recipient_id"`
	Errors      []struct {
		Code  int    `json:"code"`
		Title string `json:"title"`
	} `json:"errors"`
}

type messaging struct {
	Sender struct {
		ID string `json:"id"`
	} `json:"sender"`
	Recipient struct {
		ID string `json:"id"`
	} `json:"recipient"`
	Timestamp int64        `json:"timestamp"` // milliseconds
	Message   *pageMessage `json:"message"`
	Delivery  *struct {
		Mids      []string `json:"mids"`
		Watermark int64    `json:"watermark"`
	} `json:"delivery"`
	Read *struct {
		Mid       string `json:"mid"`
		Watermark int64  `json:"watermark"`
	} `json:"read"`
	Reaction *struct {
		Mid    string `json:"mid"`
		Action string `json:"action"`
		Emoji  string `json:"emoji"`
	} `json:"reaction"`
}

// pageMessage is a Messenger or Instagram message: the customer's, or an echo of one the
// page sent (is_echo; app_id names the app that sent it, absent or another app's when a
// person typed it in the Page inbox or the Instagram app).
type pageMessage struct {
	Mid           string          `json:"mid"`
	Text          string          `json:"text"`
	IsEcho        bool            `json:"is_echo"`
	AppID         json.RawMessage `json:"app_id"` // a number
	IsDeleted     bool            `json:"is_deleted"`
	IsUnsupported bool            `json:"is_unsupported"` // Instagram: content the API can't show
	Attachments   []attachment    `json:"attachments"`
	ReplyTo       *struct {
		Mid string `json:"mid"`
	} `json:"reply_to"`
	QuickReply *struct {
		Payload string `json:"payload"`
	} `json:"quick_reply"` // a tap on one of our menu's quick replies
}

// attachment is a Messenger/Instagram attachment: media (payload.url), a link share
// ("fallback": title and url in the payload, or beside it, or neither), an Instagram story
// mention (payload.url is the story's CDN link), a template…
type attachment struct {
	Type    string `json:"type"`
	Title   string `json:"title"`
	URL     string `json:"url"`
	Payload struct {
		URL   string `json:"url"`
		Title string `json:"title"`
	} `json:"payload"`
}
